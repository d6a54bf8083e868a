int part_134(int x) { return x + 134; }

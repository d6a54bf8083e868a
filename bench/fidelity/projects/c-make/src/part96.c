int part_96(int x) { return x + 96; }

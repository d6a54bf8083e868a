int part_105(int x) { return x + 105; }

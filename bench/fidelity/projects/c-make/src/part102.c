int part_102(int x) { return x + 102; }

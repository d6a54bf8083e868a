int part_12(int x) { return x + 12; }

int part_11(int x) { return x + 11; }

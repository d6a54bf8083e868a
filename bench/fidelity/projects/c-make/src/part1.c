int part_1(int x) { return x + 1; }

int part_2(int x) { return x + 2; }

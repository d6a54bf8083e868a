int part_6(int x) { return x + 6; }

int part_30(int x) { return x + 30; }

int part_45(int x) { return x + 45; }

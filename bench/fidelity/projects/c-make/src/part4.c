int part_4(int x) { return x + 4; }

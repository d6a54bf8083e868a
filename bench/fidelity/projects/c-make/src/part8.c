int part_8(int x) { return x + 8; }

int part_80(int x) { return x + 80; }

int part_221(int x) { return x + 221; }

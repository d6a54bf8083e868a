int part_24(int x) { return x + 24; }

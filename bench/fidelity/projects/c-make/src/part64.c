int part_64(int x) { return x + 64; }

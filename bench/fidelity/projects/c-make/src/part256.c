int part_256(int x) { return x + 256; }

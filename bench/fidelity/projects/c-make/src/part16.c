int part_16(int x) { return x + 16; }

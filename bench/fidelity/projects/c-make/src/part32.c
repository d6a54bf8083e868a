int part_32(int x) { return x + 32; }

int part_128(int x) { return x + 128; }

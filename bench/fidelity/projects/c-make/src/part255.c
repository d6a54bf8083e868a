int part_255(int x) { return x + 255; }

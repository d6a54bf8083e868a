int part_291(int x) { return x + 291; }

int part_249(int x) { return x + 249; }

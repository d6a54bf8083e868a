int part_169(int x) { return x + 169; }

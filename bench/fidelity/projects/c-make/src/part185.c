int part_185(int x) { return x + 185; }

int part_188(int x) { return x + 188; }

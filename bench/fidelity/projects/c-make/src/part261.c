int part_261(int x) { return x + 261; }

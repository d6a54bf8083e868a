int part_285(int x) { return x + 285; }

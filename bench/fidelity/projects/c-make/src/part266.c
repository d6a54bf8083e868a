int part_266(int x) { return x + 266; }

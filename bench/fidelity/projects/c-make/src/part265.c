int part_265(int x) { return x + 265; }

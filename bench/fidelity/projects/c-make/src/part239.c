int part_239(int x) { return x + 239; }

int part_252(int x) { return x + 252; }

int part_279(int x) { return x + 279; }

int part_117(int x) { return x + 117; }

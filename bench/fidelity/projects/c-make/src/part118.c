int part_118(int x) { return x + 118; }

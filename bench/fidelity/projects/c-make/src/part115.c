int part_115(int x) { return x + 115; }

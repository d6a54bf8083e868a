int part_63(int x) { return x + 63; }

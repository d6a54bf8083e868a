int part_192(int x) { return x + 192; }

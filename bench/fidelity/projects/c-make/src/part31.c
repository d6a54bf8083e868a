int part_31(int x) { return x + 31; }

int part_22(int x) { return x + 22; }

int part_29(int x) { return x + 29; }

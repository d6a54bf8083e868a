int part_210(int x) { return x + 210; }

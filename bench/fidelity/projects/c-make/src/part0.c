int part_0(int x) { return x + 0; }

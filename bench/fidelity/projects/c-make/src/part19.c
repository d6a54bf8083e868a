int part_19(int x) { return x + 19; }

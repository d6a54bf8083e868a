int part_33(int x) { return x + 33; }

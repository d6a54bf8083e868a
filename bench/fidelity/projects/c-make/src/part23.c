int part_23(int x) { return x + 23; }

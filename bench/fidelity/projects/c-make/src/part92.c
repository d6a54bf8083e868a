int part_92(int x) { return x + 92; }

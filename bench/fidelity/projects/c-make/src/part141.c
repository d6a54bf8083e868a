int part_141(int x) { return x + 141; }

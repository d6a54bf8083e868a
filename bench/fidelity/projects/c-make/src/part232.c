int part_232(int x) { return x + 232; }

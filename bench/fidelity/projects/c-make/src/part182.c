int part_182(int x) { return x + 182; }

int part_230(int x) { return x + 230; }

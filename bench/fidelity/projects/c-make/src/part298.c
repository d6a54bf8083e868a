int part_298(int x) { return x + 298; }

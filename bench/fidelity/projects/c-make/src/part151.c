int part_151(int x) { return x + 151; }

int part_50(int x) { return x + 50; }

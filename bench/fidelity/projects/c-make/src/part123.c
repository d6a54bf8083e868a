int part_123(int x) { return x + 123; }

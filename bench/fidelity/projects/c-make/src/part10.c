int part_10(int x) { return x + 10; }

int part_9(int x) { return x + 9; }

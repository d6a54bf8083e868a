int part_36(int x) { return x + 36; }

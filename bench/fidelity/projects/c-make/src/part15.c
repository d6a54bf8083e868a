int part_15(int x) { return x + 15; }

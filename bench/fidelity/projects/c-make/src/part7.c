int part_7(int x) { return x + 7; }

int part_14(int x) { return x + 14; }

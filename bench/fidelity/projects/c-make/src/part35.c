int part_35(int x) { return x + 35; }

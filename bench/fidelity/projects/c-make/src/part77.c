int part_77(int x) { return x + 77; }

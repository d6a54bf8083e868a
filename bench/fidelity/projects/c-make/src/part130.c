int part_130(int x) { return x + 130; }

int part_245(int x) { return x + 245; }

int part_157(int x) { return x + 157; }

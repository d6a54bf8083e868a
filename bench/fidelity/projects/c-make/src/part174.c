int part_174(int x) { return x + 174; }

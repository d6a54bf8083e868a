int part_176(int x) { return x + 176; }

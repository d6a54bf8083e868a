int part_147(int x) { return x + 147; }

int part_282(int x) { return x + 282; }

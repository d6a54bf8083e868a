int part_274(int x) { return x + 274; }

int part_47(int x) { return x + 47; }

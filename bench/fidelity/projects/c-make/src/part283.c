int part_283(int x) { return x + 283; }

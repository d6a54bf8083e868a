int part_295(int x) { return x + 295; }

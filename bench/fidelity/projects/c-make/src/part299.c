int part_299(int x) { return x + 299; }

int part_73(int x) { return x + 73; }

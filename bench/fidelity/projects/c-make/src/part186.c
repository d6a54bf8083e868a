int part_186(int x) { return x + 186; }

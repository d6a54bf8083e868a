int part_289(int x) { return x + 289; }

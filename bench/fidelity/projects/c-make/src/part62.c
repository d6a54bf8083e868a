int part_62(int x) { return x + 62; }

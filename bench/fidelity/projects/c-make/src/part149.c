int part_149(int x) { return x + 149; }

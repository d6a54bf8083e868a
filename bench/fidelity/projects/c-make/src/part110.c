int part_110(int x) { return x + 110; }

int part_218(int x) { return x + 218; }

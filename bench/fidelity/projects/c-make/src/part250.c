int part_250(int x) { return x + 250; }

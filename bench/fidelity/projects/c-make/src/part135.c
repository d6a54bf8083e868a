int part_135(int x) { return x + 135; }

int part_160(int x) { return x + 160; }

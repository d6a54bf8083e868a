int part_99(int x) { return x + 99; }

int part_278(int x) { return x + 278; }

int part_116(int x) { int unused; return x + 116; }

int part_227(int x) { int unused; return x + 227; }

int part_5(int x) { int unused; return x + 5; }

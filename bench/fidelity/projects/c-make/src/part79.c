int part_79(int x) { int unused; return x + 79; }

int part_190(int x) { int unused; return x + 190; }

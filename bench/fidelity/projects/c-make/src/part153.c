int part_153(int x) { int unused; return x + 153; }

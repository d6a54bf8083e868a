int part_42(int x) { int unused; return x + 42; }

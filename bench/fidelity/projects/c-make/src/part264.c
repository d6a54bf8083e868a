int part_264(int x) { int unused; return x + 264; }

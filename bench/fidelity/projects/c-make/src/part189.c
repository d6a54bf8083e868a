int part_189(int x) { return x + 189; }

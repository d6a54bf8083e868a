int part_145(int x) { return x + 145; }

int part_294(int x) { return x + 294; }

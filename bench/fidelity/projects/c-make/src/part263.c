int part_263(int x) { return x + 263; }

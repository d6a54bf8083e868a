int part_216(int x) { return x + 216; }

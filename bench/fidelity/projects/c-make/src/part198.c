int part_198(int x) { return x + 198; }

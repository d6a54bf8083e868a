int part_208(int x) { return x + 208; }

int part_152(int x) { return x + 152; }

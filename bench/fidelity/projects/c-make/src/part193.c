int part_193(int x) { return x + 193; }

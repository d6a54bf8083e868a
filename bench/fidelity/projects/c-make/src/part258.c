int part_258(int x) { return x + 258; }

int part_177(int x) { return x + 177; }

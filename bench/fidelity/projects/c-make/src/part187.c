int part_187(int x) { return x + 187; }

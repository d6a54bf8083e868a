int part_49(int x) { return x + 49; }

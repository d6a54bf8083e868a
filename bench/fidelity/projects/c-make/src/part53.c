int part_53(int x) { return x + 53; }

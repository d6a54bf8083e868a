int part_104(int x) { return x + 104; }

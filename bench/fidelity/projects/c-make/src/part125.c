int part_125(int x) { return x + 125; }

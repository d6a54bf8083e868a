int part_34(int x) { return x + 34; }

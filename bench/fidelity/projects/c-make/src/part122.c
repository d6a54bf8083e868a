int part_122(int x) { return x + 122; }

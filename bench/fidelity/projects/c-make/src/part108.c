int part_108(int x) { return x + 108; }

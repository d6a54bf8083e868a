int part_175(int x) { return x + 175; }

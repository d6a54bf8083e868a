int part_76(int x) { return x + 76; }

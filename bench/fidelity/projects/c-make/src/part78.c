int part_78(int x) { return x + 78; }

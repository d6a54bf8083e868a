int part_18(int x) { return x + 18; }

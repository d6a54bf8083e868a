int part_13(int x) { return x + 13; }

int part_66(int x) { return x + 66; }

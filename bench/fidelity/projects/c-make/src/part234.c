int part_234(int x) { return x + 234; }

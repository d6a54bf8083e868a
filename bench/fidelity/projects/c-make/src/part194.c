int part_194(int x) { return x + 194; }

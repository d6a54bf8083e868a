int part_98(int x) { return x + 98; }

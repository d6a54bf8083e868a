int part_87(int x) { return x + 87; }

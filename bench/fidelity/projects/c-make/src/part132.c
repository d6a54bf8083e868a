int part_132(int x) { return x + 132; }

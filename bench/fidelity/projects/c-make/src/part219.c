int part_219(int x) { return x + 219; }

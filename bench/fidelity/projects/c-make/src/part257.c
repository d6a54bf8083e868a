int part_257(int x) { return x + 257; }

int part_236(int x) { return x + 236; }

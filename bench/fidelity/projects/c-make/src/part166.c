int part_166(int x) { return x + 166; }

int part_196(int x) { return x + 196; }

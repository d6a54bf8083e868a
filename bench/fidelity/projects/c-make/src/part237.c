int part_237(int x) { return x + 237; }

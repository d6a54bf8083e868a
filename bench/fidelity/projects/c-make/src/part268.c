int part_268(int x) { return x + 268; }

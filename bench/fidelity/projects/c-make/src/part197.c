int part_197(int x) { return x + 197; }

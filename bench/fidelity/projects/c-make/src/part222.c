int part_222(int x) { return x + 222; }

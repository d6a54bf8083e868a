int part_101(int x) { return x + 101; }

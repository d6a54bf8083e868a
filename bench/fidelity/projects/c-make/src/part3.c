int part_3(int x) { return x + 3; }

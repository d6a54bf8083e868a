int part_91(int x) { return x + 91; }

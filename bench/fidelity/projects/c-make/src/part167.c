int part_167(int x) { return x + 167; }

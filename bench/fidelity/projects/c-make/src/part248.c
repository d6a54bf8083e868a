int part_248(int x) { return x + 248; }

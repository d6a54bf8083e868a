int part_20(int x) { return x + 20; }

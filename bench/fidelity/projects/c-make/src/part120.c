int part_120(int x) { return x + y; }

int part_100(int x) { return x + 100; }

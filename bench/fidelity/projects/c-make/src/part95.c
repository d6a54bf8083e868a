int part_95(int x) { return x + 95; }

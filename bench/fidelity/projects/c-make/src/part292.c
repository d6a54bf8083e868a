int part_292(int x) { return x + 292; }

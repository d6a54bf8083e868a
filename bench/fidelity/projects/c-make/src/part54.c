int part_54(int x) { return x + 54; }

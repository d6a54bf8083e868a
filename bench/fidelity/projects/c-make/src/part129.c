int part_129(int x) { return x + 129; }

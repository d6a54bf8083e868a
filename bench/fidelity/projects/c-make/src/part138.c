int part_138(int x) { return x + 138; }

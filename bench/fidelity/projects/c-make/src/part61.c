int part_61(int x) { return x + 61; }

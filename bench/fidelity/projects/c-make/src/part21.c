int part_21(int x) { return x + 21; }

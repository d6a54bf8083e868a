int part_181(int x) { return x + 181; }

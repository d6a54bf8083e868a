int part_46(int x) { return x + 46; }

int part_65(int x) { return x + 65; }

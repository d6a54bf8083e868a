int part_85(int x) { return x + 85; }

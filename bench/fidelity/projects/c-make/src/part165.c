int part_165(int x) { return x + 165; }

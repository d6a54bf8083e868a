int part_233(int x) { return x + 233; }

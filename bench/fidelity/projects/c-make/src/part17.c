int part_17(int x) { return x + 17; }

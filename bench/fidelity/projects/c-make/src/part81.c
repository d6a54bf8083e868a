int part_81(int x) { return x + 81; }

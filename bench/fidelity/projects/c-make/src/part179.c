int part_179(int x) { return x + 179; }

int part_109(int x) { return x + 109; }

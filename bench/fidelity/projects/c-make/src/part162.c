int part_162(int x) { return x + 162; }

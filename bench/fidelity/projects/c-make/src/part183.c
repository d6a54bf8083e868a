int part_183(int x) { return x + 183; }

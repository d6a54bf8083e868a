int part_275(int x) { return x + 275; }

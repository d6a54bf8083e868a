int part_205(int x) { return x + 205; }

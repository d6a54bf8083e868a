int part_209(int x) { return x + 209; }

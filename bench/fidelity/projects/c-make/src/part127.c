int part_127(int x) { return x + 127; }

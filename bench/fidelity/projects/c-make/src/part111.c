int part_111(int x) { return x + 111; }

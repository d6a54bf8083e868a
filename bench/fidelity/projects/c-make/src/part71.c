int part_71(int x) { return x + 71; }

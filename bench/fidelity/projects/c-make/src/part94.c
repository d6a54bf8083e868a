int part_94(int x) { return x + 94; }

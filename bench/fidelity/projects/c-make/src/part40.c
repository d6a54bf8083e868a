int part_40(int x) { return x + 40; }

int part_55(int x) { return x + 55; }

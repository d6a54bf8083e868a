int part_38(int x) { return x + 38; }

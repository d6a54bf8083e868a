int part_37(int x) { return x + 37; }

int part_48(int x) { return x + 48; }

int part_184(int x) { return x + 184; }

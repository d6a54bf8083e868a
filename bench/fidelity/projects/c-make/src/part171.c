int part_171(int x) { return x + 171; }

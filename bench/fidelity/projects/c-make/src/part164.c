int part_164(int x) { return x + 164; }

int part_207(int x) { return x + 207; }

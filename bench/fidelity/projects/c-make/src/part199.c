int part_199(int x) { return x + 199; }

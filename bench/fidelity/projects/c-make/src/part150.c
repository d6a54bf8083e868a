int part_150(int x) { return x + 150; }

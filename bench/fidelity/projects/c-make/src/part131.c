int part_131(int x) { return x + 131; }

int part_56(int x) { return x + 56; }

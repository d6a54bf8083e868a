int part_254(int x) { return x + 254; }

int part_212(int x) { return x + 212; }

int part_259(int x) { return x + 259; }

int part_191(int x) { return x + 191; }

int part_84(int x) { return x + 84; }

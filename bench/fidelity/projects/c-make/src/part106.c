int part_106(int x) { return x + 106; }

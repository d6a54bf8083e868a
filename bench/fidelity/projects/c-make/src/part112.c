int part_112(int x) { return x + 112; }

int part_288(int x) { return x + 288; }

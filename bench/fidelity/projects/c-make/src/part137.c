int part_137(int x) { return x + 137; }

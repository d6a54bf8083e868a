int part_241(int x) { return x + 241; }

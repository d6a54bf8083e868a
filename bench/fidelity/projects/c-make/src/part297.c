int part_297(int x) { return x + 297; }

int part_119(int x) { return x + 119; }

int part_260(int x) { return x + 260; }

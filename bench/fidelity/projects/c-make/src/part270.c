int part_270(int x) { return x + 270; }

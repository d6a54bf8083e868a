int part_136(int x) { return x + 136; }

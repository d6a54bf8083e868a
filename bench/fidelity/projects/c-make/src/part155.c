int part_155(int x) { return x + 155; }

int part_114(int x) { return x + 114; }

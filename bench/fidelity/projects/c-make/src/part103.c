int part_103(int x) { return x + 103; }

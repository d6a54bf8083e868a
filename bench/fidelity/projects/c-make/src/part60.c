int part_60(int x) { return x + 60; }

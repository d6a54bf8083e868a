int part_159(int x) { return x + 159; }

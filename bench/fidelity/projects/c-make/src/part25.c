int part_25(int x) { return x + 25; }

int part_180(int x) { return x + 180; }

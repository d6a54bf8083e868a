int part_143(int x) { return x + 143; }

int part_213(int x) { return x + 213; }

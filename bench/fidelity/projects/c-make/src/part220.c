int part_220(int x) { return x + 220; }

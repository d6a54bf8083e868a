int part_170(int x) { return x + 170; }

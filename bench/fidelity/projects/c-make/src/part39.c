int part_39(int x) { return x + 39; }

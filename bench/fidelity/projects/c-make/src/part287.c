int part_287(int x) { return x + 287; }

int part_148(int x) { return x + 148; }

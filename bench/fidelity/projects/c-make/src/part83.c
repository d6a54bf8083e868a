int part_83(int x) { return x + 83; }

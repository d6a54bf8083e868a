int part_224(int x) { return x + 224; }

int part_28(int x) { return x + 28; }

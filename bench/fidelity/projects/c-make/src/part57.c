int part_57(int x) { return x + 57; }

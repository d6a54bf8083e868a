int part_172(int x) { return x + 172; }

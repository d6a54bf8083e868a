int part_281(int x) { return x + 281; }

int part_276(int x) { return x + 276; }

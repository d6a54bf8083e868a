int part_195(int x) { return x + 195; }

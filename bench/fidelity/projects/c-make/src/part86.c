int part_86(int x) { return x + 86; }

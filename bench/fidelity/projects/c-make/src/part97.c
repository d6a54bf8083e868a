int part_97(int x) { return x + 97; }

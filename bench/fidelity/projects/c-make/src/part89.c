int part_89(int x) { return x + 89; }

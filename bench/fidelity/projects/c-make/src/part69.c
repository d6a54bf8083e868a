int part_69(int x) { return x + 69; }

int part_217(int x) { return x + 217; }

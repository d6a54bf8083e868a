int part_211(int x) { return x + 211; }

int part_156(int x) { return x + 156; }

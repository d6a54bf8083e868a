int part_251(int x) { return x + 251; }

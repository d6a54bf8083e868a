int part_140(int x) { return x + 140; }

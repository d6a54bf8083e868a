int part_253(int x) { return x + 253; }

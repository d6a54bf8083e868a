int part_154(int x) { return x + 154; }

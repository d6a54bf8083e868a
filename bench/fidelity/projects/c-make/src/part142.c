int part_142(int x) { return x + 142; }

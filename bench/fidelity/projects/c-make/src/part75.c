int part_75(int x) { return x + 75; }

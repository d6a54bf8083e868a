int part_90(int x) { return x + 90; }

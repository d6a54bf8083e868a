int part_215(int x) { return x + 215; }

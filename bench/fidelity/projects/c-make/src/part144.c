int part_144(int x) { return x + 144; }

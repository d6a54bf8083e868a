int part_82(int x) { return x + 82; }

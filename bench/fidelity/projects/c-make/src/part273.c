int part_273(int x) { return x + 273; }

int part_133(int x) { return x + 133; }

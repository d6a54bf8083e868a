int part_168(int x) { return x + 168; }

int part_284(int x) { return x + 284; }

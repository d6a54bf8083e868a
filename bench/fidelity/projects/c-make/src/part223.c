int part_223(int x) { return x + 223; }

int part_52(int x) { return x + 52; }

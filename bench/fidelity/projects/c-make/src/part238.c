int part_238(int x) { return x + 238; }

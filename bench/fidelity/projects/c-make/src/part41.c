int part_41(int x) { return x + 41; }

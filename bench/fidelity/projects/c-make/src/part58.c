int part_58(int x) { return x + 58; }

int part_231(int x) { return x + 231; }

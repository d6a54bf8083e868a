int part_26(int x) { return x + 26; }

int part_107(int x) { return x + 107; }

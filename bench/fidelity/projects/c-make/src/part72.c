int part_72(int x) { return x + 72; }

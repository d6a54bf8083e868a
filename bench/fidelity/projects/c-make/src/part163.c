int part_163(int x) { return x + 163; }

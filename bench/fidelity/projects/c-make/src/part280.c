int part_280(int x) { return x + 280; }

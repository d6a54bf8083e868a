int part_293(int x) { return x + 293; }

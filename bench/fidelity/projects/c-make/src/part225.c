int part_225(int x) { return x + 225; }

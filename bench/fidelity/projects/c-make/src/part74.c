int part_74(int x) { return x + 74; }

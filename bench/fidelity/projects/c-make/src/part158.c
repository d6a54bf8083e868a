int part_158(int x) { return x + 158; }

int part_59(int x) { return x + 59; }

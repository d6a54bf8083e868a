int part_247(int x) { return x + 247; }

int part_51(int x) { return x + 51; }

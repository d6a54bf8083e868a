int part_93(int x) { return x + 93; }

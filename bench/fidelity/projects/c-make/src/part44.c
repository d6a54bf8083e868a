int part_44(int x) { return x + 44; }

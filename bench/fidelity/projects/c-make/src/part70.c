int part_70(int x) { return x + 70; }

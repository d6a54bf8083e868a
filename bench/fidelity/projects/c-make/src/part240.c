int part_240(int x) { return x + 240; }

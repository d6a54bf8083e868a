int part_88(int x) { return x + 88; }

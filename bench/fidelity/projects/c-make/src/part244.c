int part_244(int x) { return x + 244; }

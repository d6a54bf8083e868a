int part_226(int x) { return x + 226; }

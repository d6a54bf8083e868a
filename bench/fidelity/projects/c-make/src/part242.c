int part_242(int x) { return x + 242; }

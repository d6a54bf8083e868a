int part_27(int x) { return x + 27; }

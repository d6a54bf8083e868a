int part_43(int x) { return x + 43; }

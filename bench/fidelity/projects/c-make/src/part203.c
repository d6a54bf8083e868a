int part_203(int x) { return x + 203; }

int part_178(int x) { return x + 178; }

int part_214(int x) { return x + 214; }

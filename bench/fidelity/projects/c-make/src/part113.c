int part_113(int x) { return x + 113; }

int part_173(int x) { return x + 173; }

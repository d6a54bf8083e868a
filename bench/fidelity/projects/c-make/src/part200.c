int part_200(int x) { return x + 200; }

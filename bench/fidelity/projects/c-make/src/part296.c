int part_296(int x) { return x + 296; }

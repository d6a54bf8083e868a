int part_290(int x) { return x + 290; }

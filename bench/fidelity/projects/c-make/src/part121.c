int part_121(int x) { return x + 121; }

int part_204(int x) { return x + 204; }

int part_286(int x) { return x + 286; }

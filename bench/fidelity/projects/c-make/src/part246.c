int part_246(int x) { return x + 246; }

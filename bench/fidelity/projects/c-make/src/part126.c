int part_126(int x) { return x + 126; }

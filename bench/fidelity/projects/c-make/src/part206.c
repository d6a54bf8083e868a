int part_206(int x) { return x + 206; }

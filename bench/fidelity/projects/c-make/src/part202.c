int part_202(int x) { return x + 202; }

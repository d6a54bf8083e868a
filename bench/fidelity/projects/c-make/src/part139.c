int part_139(int x) { return x + 139; }

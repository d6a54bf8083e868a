int part_161(int x) { return x + 161; }

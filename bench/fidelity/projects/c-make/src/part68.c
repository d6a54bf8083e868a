int part_68(int x) { return x + 68; }

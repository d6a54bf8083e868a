int part_243(int x) { return x + 243; }

int part_146(int x) { return x + 146; }

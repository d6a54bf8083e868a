int part_228(int x) { return x + 228; }

int part_272(int x) { return x + 272; }

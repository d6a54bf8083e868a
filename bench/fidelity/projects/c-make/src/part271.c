int part_271(int x) { return x + 271; }

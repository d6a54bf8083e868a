int part_201(int x) { return x + 201; }

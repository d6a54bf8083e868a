int part_267(int x) { return x + 267; }

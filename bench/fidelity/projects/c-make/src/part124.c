int part_124(int x) { return x + 124; }

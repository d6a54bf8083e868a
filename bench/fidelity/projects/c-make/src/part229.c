int part_229(int x) { return x + 229; }

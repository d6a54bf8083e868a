int part_277(int x) { return x + 277; }

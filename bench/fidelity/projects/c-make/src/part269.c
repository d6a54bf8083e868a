int part_269(int x) { return x + 269; }

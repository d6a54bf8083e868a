int part_67(int x) { return x + 67; }

int part_262(int x) { return x + 262; }

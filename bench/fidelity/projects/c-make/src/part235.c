int part_235(int x) { return x + 235; }

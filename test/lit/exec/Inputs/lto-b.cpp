// Second translation unit of lto.cpp: a spawning function the optimiser may want to
// inline across the module boundary.
long lto_other(int n) {
  if (n < 2)
    return n;
  long a, b;
  [[sprig::spawn]] a = lto_other(n - 1);
  b = lto_other(n - 2);
  [[sprig::sync]];
  return a + b;
}

// After an explicit sync, a new spawn, then the end of the function: the implicit sync
// there must still wait for that child (only a sync with no spawn since the previous one
// is dropped). The caller reads what the child wrote right after the call returns, so a
// missing wait shows up as a zero at SPRIG_NWORKERS >= 2.
// RUN: %clangxx -O2 -Wno-unknown-attributes %s -o %t.serial
// RUN: %sprigxx -O2 %s -o %t.par
// RUN: %run_p %t.serial %t.par | FileCheck %s
// CHECK: missing=0 total=2000
#include <cstdio>
long fib(int n) { return n < 2 ? n : fib(n - 1) + fib(n - 2); }
void slow_store(long *out, long v) {
  fib(20);  // long enough for the parent to reach its end while this runs
  *out = v;
}
void fill(long *out) {
  [[sprig::spawn]] slow_store(&out[0], 3);
  [[sprig::sync]];
  [[sprig::spawn]] slow_store(&out[1], 7);
  fib(12);
}  // implicit sync: out[1] is written before fill returns
int main() {
  long total = 0;
  int missing = 0;
  for (int i = 0; i < 200; ++i) {
    long out[2] = {0, 0};
    fill(out);
    missing += out[1] == 0;
    total += out[0] + out[1];
  }
  std::printf("missing=%d total=%ld\n", missing, total);
}

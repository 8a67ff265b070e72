// A spawning function syncs before every return, early returns included: once it
// returns, its children's effects are visible to the caller (here through an array the
// caller owns, and through the returned value computed from a spawned result).
// RUN: %clangxx -O2 -Wno-unknown-attributes %s -o %t.serial
// RUN: %sprigxx -O2 %s -o %t.par
// RUN: %run_p %t.serial %t.par | FileCheck %s
// CHECK: incomplete=0
// CHECK: total={{[0-9]+}}
#include <cstdio>

long fib(int n) { return n < 2 ? n : fib(n - 1) + fib(n - 2); }

void fill(long *slot, int n) { *slot = fib(n); }

// Spawns into out[0..k) and returns early on several paths, never with an explicit sync.
int produce(long *out, int k, int mode) {
  for (int i = 0; i < k; ++i) {
    [[sprig::spawn]] fill(&out[i], 15 + i % 8);
    if (mode == 1 && i == k / 2)
      return i + 1;  // early return from inside the loop
  }
  if (mode == 2)
    return k;  // early return after the loop
  long last;
  [[sprig::spawn]] last = fib(20);
  if (mode == 3)
    return (int)(last % 1000);  // the return value uses a spawned result
  return -1;  // falls to the final return
}

int main() {
  long out[64];
  int incomplete = 0;
  long total = 0;
  for (int round = 0; round < 40; ++round) {
    int mode = round % 4;
    for (long &o : out)
      o = -1;
    int r = produce(out, 64, mode);
    int n = mode == 1 ? r : 64;
    for (int i = 0; i < n; ++i) {
      if (out[i] != fib(15 + i % 8))
        incomplete++;
      total += out[i];
    }
    if (mode == 3 && r != (int)(fib(20) % 1000))
      incomplete++;
    total += r;
  }
  std::printf("incomplete=%d\n", incomplete);
  std::printf("total=%ld\n", total);
}

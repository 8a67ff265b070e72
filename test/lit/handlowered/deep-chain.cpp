// A spawn chain of depth D, hand-lowered as the plugin lowers
//     long chain(long d) { long r = 0; if (d > 0) r = spawn chain(d - 1); sync; return r + d; }
// Shows: spawn nesting 20000 deep on one worker (20000 live deque entries, one per level),
// every level's continuation stolen-and-suspended or popped, and the greedy join unwinding
// the whole chain back to the root thread with the right value d(d+1)/2.
//
// RUN: %clangxx -std=c++20 -O2 -DSERIAL %s -o %t.serial
// RUN: %clangxx -std=c++20 -O2 -I%sprig_inc %s -o %t -L%sprig_lib -Wl,-rpath,%sprig_lib -lsprig
// RUN: %run_p %t.serial %t 20000 | FileCheck %s
// CHECK: chain(20000) = 200010000
#include <cstdio>
#include <cstdlib>

#ifdef SERIAL
static __attribute__((noinline)) long chain(long d) {
  long r = 0;
  if (d > 0)
    r = chain(d - 1);
  __asm__ volatile("" ::: "memory");  // not a tail call, like the parallel version
  return r + d;
}
#else
#include "Inputs/hl-chain.h"
#endif

int main(int argc, char **argv) {
  long d = argc > 1 ? std::atol(argv[1]) : 20000;
  std::printf("chain(%ld) = %ld\n", d, chain(d));
  return 0;
}

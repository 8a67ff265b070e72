// A loop of N spawns of a tiny function, one sync at the end, hand-lowered as the plugin
// lowers
//     for (i = 0; i < n; ++i) r[i] = spawn tiny(i);
//     sync; sum r;
// Shows: 10^7 spawns from one frame are all run exactly once with their results stored
// (the sum matches the serial elision) whichever worker runs the loop's continuation.
// Under continuation stealing the loop itself migrates to the thief, so the deque stays
// one entry deep (see test/lit/runtime/stats-spawn-loop.test for the fiber counts).
//
// RUN: %clangxx -std=c++20 -O2 -DSERIAL %s -o %t.serial
// RUN: %clangxx -std=c++20 -O2 -I%sprig_inc %s -o %t -L%sprig_lib -Wl,-rpath,%sprig_lib -lsprig
// RUN: %run_p %t.serial %t 10000000 | FileCheck %s
// CHECK: spawn_loop(10000000) = 74999992
#include <cstdio>
#include <cstdlib>
#include <memory>

// A few instructions of work; noinline so each spawn really calls something.
static __attribute__((noinline)) unsigned tiny(unsigned i) { return (i * 2654435761u) >> 28; }

#ifdef SERIAL
static long spawn_loop(long n, unsigned *r) {
  for (long i = 0; i < n; ++i)
    r[i] = tiny(static_cast<unsigned>(i));
  long sum = 0;
  for (long i = 0; i < n; ++i)
    sum += r[i];
  return sum;
}
#else
#include "sprig/abi.h"

// Helper of `r[i] = spawn tiny(i)`.
static __attribute__((noinline)) void tiny_helper(sprig_frame *parent, unsigned *slot,
                                                  long i) {
  unsigned a = static_cast<unsigned>(i);
  sprig_detach(parent);
  sprig_count_spawn(); /* for SPRIG_STATS (generated code: -mllvm -sprig-count-spawns) */
  unsigned v = tiny(a);
  *slot = v;
  sprig_leave_helper(parent);
}

static long spawn_loop(long n, unsigned *r) {
  sprig_frame sf;
  SPRIG_FORCE_FRAME();
  sprig_enter_frame(&sf);
  for (long i = 0; i < n; ++i) {
    if (SPRIG_SETJMP(&sf) == 0)
      tiny_helper(&sf, &r[i], i);
  }
  SPRIG_SYNC(&sf);
  long sum = 0;
  for (long i = 0; i < n; ++i)
    sum += r[i];
  sprig_leave_frame(&sf);
  return sum;
}
#endif

int main(int argc, char **argv) {
  long n = argc > 1 ? std::atol(argv[1]) : 10000000;
  // Filled with a pattern no result has (tiny() < 16), so a lost spawn shows in the sum.
  std::unique_ptr<unsigned[]> r(new unsigned[n]);
  for (long i = 0; i < n; ++i)
    r[i] = 1000;
  std::printf("spawn_loop(%ld) = %ld\n", n, spawn_loop(n, r.get()));
  return 0;
}

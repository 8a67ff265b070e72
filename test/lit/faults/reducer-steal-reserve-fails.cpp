// Fault injection on the reducer runtime's steal path. SPRIGTEST_REDUCER_ALLOC_FAIL=N
// fails every Nth allocation of a thief's reservation (its view map, piece node and list
// headers, taken before it takes a frame): that steal is given up, never an abort, and
// the reducers (a sum and an order-sensitive string) hold the serial elision's values at
// P = 1, 2, 4, 8. N=1: every reservation fails. SPRIGTEST_REDUCER_COUNTS=1 prints the
// path's steals, allocations, locks and given-up steals: with injected failures some
// steals are given up and others still happen.
// RUN: %sprigxx -O2 -I%sprig_inc %s -o %t
// RUN: %clangxx -O2 -Wno-unknown-attributes -I%sprig_inc %s -o %t.serial
// RUN: env SPRIGTEST_REDUCER_ALLOC_FAIL=1 %run_p %t.serial %t | FileCheck %s
// RUN: env SPRIGTEST_REDUCER_ALLOC_FAIL=2 %run_p %t.serial %t | FileCheck %s
// RUN: env SPRIGTEST_REDUCER_ALLOC_FAIL=3 %run_p %t.serial %t | FileCheck %s
// RUN: env SPRIGTEST_REDUCER_ALLOC_FAIL=2 SPRIGTEST_REDUCER_COUNTS=1 SPRIG_NWORKERS=2 %t 2>&1 | FileCheck %s --check-prefix=COUNTS
// RUN: env SPRIGTEST_REDUCER_ALLOC_FAIL=1 SPRIGTEST_REDUCER_COUNTS=1 SPRIG_NWORKERS=2 %t 2>&1 | FileCheck %s --check-prefix=NONE
// CHECK: fib 832040 sum 832040 cat {{[0-9a-f]+}} len 832040
// COUNTS: sprigtest reducers: steals {{[1-9][0-9]*}} allocations {{[1-9][0-9]*}} locks {{[1-9][0-9]*}} given-up {{[1-9][0-9]*}}
// NONE: sprigtest reducers: steals 0 allocations 0 locks 0 given-up {{[1-9][0-9]*}}
#include <sprig/reducer.h>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <string>
#include <thread>

sprig::reducer<sprig::op_add<long>> sum;
sprig::reducer<sprig::op_string> cat;

// Each leaf appends a letter from its depth: the string's order is the serial order.
long fib(int n, int depth) {
  if (n < 2) {
    *sum += n;
    if (n == 1)
      *cat += static_cast<char>('a' + depth % 26);
    return n;
  }
  long a, b;
  [[sprig::spawn]] a = fib(n - 1, depth + 1);
  b = fib(n - 2, depth + 1);
  [[sprig::sync]];
  return a + b;
}

// The child waits (up to 300 ms) for its continuation: at P >= 2 a thief steals it even
// on a loaded machine (the counts' check needs steals; fib alone may get none there).
static std::atomic<int> cont_ran{0};
__attribute__((noinline)) void wait_for_continuation() {
  auto until = std::chrono::steady_clock::now() + std::chrono::milliseconds(300);
  while (!cont_ran.load() && std::chrono::steady_clock::now() < until)
    std::this_thread::yield();
}
void stolen_once() {
  [[sprig::spawn]] wait_for_continuation();
  cont_ran = 1;
  *sum += 0;
  [[sprig::sync]];
  cont_ran = 0;
}

int main() {
  for (int i = 0; i < 3; ++i)
    stolen_once();
  long r = fib(30, 0);
  unsigned long h = 1469598103934665603ul;
  for (char c : cat.get_value())
    h = (h ^ static_cast<unsigned char>(c)) * 1099511628211ul;
  std::printf("fib %ld sum %ld cat %lx len %zu\n", r, sum.get_value(), h, cat.get_value().size());
}

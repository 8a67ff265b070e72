// fib(n) hand-lowered against sprig/abi.h exactly as the plugin lowers
//     long x = spawn fib(n - 1); long y = fib(n - 2); sync; return x + y;
// and its serial elision (-DSERIAL). Shows: results of spawned children are correct at
// every worker count (stolen continuations, suspended syncs, greedy join).
//
// RUN: %clangxx -std=c++20 -O2 -DSERIAL %s -o %t.serial
// RUN: %clangxx -std=c++20 -O2 -I%sprig_inc %s -o %t -L%sprig_lib -Wl,-rpath,%sprig_lib -lsprig
// RUN: %run_p %t.serial %t 27 | FileCheck %s
// CHECK: fib(27) = 196418
#include <cstdio>
#include <cstdlib>

#ifdef SERIAL
static long fib(long n) {
  if (n < 2)
    return n;
  long x = fib(n - 1);
  long y = fib(n - 2);
  return x + y;
}
#else
#include "Inputs/hl-fib.h"  // the lowering, spelled out with comments
static long fib(long n) { return hl_fib(n); }
#endif

int main(int argc, char **argv) {
  long n = argc > 1 ? std::atol(argv[1]) : 27;
  std::printf("fib(%ld) = %ld\n", n, fib(n));
  return 0;
}

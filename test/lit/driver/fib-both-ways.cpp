// The README's fib, built with sprig++ and as its serial elision, same output at
// SPRIG_NWORKERS=1,2,4,8; with SPRIG_STATS the parallel run reports its spawns when the
// program counts them (-mllvm -sprig-count-spawns), and says how to count them when not.
// RUN: %clangxx -O2 -Wno-unknown-attributes %s -o %t.serial
// RUN: %sprigxx -O2 %s -o %t.par
// RUN: %run_p %t.serial %t.par 27 | FileCheck %s
// RUN: %sprigxx -O2 -mllvm -sprig-count-spawns %s -o %t.count
// RUN: %run_p %t.serial %t.count 27 | FileCheck %s
// RUN: env SPRIG_NWORKERS=2 SPRIG_STATS=1 %t.count 20 2>&1 | FileCheck %s --check-prefix=STATS
// RUN: env SPRIG_NWORKERS=2 SPRIG_STATS=1 %t.par 20 2>&1 | FileCheck %s --check-prefix=NOCOUNT
// CHECK: fib(27) = 196418
// STATS: sprig stats (2 workers
// STATS: total {{ *}}10945
// STATS-NOT: counted only
// NOCOUNT: sprig stats (2 workers
// NOCOUNT: total {{ *}}0
// NOCOUNT: (spawns are counted only in code built with sprig++ -mllvm -sprig-count-spawns)
#include <cstdio>
#include <cstdlib>
long fib(int n) {
  if (n < 2)
    return n;
  long x, y;
  [[sprig::spawn]] x = fib(n - 1);
  y = fib(n - 2);
  [[sprig::sync]];
  return x + y;
}
int main(int argc, char **argv) {
  int n = argc > 1 ? std::atoi(argv[1]) : 27;
  std::printf("fib(%d) = %ld\n", n, fib(n));
}

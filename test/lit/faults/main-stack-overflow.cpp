// Spawns nested deeper than the main thread's stack allows: the overflow of a thread's
// own stack (not a fiber) is reported clearly with status 134. Before, the fault below
// the main stack (in the kernel's gap under it) was a bare SIGSEGV: the handler only knew
// fiber guard pages.
// RUN: %sprigxx -O2 %s -o %t
// RUN: bash -c 'ulimit -s 2048; SPRIG_NWORKERS=1 %expect_exit 134 %t 1000000' 2>&1 | FileCheck %s
// RUN: bash -c 'ulimit -s 2048; SPRIG_NWORKERS=2 %expect_exit 134 %t 1000000' 2>&1 | FileCheck %s
// RUN: bash -c 'ulimit -s 2048; SPRIG_NWORKERS=2 %t 1000' | FileCheck %s --check-prefix=FITS
// CHECK: sprig: stack overflow on worker 0 (its thread's own stack, {{[0-9]+}} bytes); raise that thread's stack size (ulimit -s for the main thread
// FITS: chain(1000) = 1000
#include <cstdio>
#include <cstdlib>
long chain(long d) {
  if (d == 0)
    return 0;
  long x;
  [[sprig::spawn]] x = chain(d - 1);
  [[sprig::sync]];
  return x + 1;
}
int main(int argc, char **argv) {
  long d = std::atol(argv[1]);
  std::printf("chain(%ld) = %ld\n", d, chain(d));
}

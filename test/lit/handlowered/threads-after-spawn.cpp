// After the first spawn the process has exactly SPRIG_NWORKERS threads: the application
// thread (worker 0) and SPRIG_NWORKERS - 1 pool threads; a second root computation
// creates no more.
//
// UNSUPPORTED: tsan
// (ThreadSanitizer starts a background thread of its own: "Threads: 5" at P=4.)
// RUN: %clangxx -std=c++20 -O2 -I%sprig_inc %s -o %t -L%sprig_lib -Wl,-rpath,%sprig_lib -lsprig
// RUN: env SPRIG_NWORKERS=4 %t | FileCheck %s --check-prefix=P4
// RUN: env SPRIG_NWORKERS=1 %t | FileCheck %s --check-prefix=P1
// RUN: env SPRIG_NWORKERS=8 %t | FileCheck %s --check-prefix=P8
// P4: before: Threads: 1
// P4-NEXT: fib(20) = 6765
// P4-NEXT: after: Threads: 4
// P4-NEXT: fib(20) = 6765
// P4-NEXT: after a second root: Threads: 4
// P1: before: Threads: 1
// P1: after: Threads: 1
// P1: after a second root: Threads: 1
// P8: before: Threads: 1
// P8: after: Threads: 8
// P8: after a second root: Threads: 8
#include "sprig/abi.h"
#include <cstdio>

#include "Inputs/hl-fib.h"
static long fib(long n) { return hl_fib(n); }

#include "Inputs/proc-threads.h"

int main() {
  std::printf("before: Threads: %d\n", threads());
  std::printf("fib(20) = %ld\n", fib(20));
  std::printf("after: Threads: %d\n", threads());
  std::printf("fib(20) = %ld\n", fib(20));
  std::printf("after a second root: Threads: %d\n", threads());
  return 0;
}

// After the first spawn the process has exactly SPRIG_NWORKERS threads: the application
// thread (worker 0) and SPRIG_NWORKERS - 1 pool threads; a second root computation
// creates no more.
//
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

static long fib(long n);
static __attribute__((noinline)) void fib_helper(sprig_frame *parent, long *x, long n) {
  long arg = n - 1;
  sprig_detach(parent);
  long r = fib(arg);
  *x = r;
  sprig_leave_helper(parent);
}
static long fib(long n) {
  sprig_frame sf;
  SPRIG_FORCE_FRAME();
  sprig_enter_frame(&sf);
  if (n < 2) {
    SPRIG_SYNC(&sf);
    sprig_leave_frame(&sf);
    return n;
  }
  long x, y;
  if (SPRIG_SETJMP(&sf) == 0)
    fib_helper(&sf, &x, n);
  y = fib(n - 2);
  SPRIG_SYNC(&sf);
  long r = x + y;
  sprig_leave_frame(&sf);
  return r;
}

static int threads() {
  FILE *f = std::fopen("/proc/self/status", "r");
  char line[256];
  int n = -1;
  while (f && std::fgets(line, sizeof line, f))
    if (std::sscanf(line, "Threads: %d", &n) == 1)
      break;
  if (f)
    std::fclose(f);
  return n;
}

int main() {
  std::printf("before: Threads: %d\n", threads());
  std::printf("fib(20) = %ld\n", fib(20));
  std::printf("after: Threads: %d\n", threads());
  std::printf("fib(20) = %ld\n", fib(20));
  std::printf("after a second root: Threads: %d\n", threads());
  return 0;
}

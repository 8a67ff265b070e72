// Idle workers sleep: after a parallel region, while the application thread sleeps for
// one second, the whole process uses under 20 ms of CPU (user + system, getrusage
// RUSAGE_SELF) in that second. A resource bound, not a timing assertion: spinning or
// yielding idle workers would burn up to a core each.
// The figure is printed (see the lit output with -a) so it can be tracked.
//
// RUN: %clangxx -std=c++20 -O2 -I%sprig_inc %s -o %t -L%sprig_lib -Wl,-rpath,%sprig_lib -lsprig
// RUN: env SPRIG_NWORKERS=2 %t | FileCheck %s
// RUN: env SPRIG_NWORKERS=8 %t | FileCheck %s
// CHECK: fib(25) = 75025
// CHECK: idle CPU over 1 s: {{[0-9.]+}} ms (limit 20 ms): ok
#include "sprig/abi.h"
#include <cstdio>
#include <sys/resource.h>
#include <unistd.h>

#include "Inputs/hl-fib.h"
static long fib(long n) { return hl_fib(n); }

static double cpu_ms() {
  rusage r;
  getrusage(RUSAGE_SELF, &r);
  return (r.ru_utime.tv_sec + r.ru_stime.tv_sec) * 1e3 +
         (r.ru_utime.tv_usec + r.ru_stime.tv_usec) / 1e3;
}

int main() {
  std::printf("fib(25) = %ld\n", fib(25));
  std::fflush(stdout);
  double before = cpu_ms();
  sleep(1);
  double used = cpu_ms() - before;
  bool ok = used < 20.0;
  std::printf("idle CPU over 1 s: %.2f ms (limit 20 ms): %s\n", used, ok ? "ok" : "OVER");
  return ok ? 0 : 1;
}

// Two application threads (std::thread) run spawning computations at the same time, each
// several times in a row. Shows: each thread's root frame returns on the thread that
// entered it (the runtime binds one root at a time; the other thread waits), the worker
// pool is shared and reused across roots, and both threads get their own correct results.
//
// RUN: %clangxx -std=c++20 -O2 -DSERIAL %s -o %t.serial
// RUN: %clangxx -std=c++20 -O2 -I%sprig_inc %s -o %t -L%sprig_lib -Wl,-rpath,%sprig_lib -lsprig
// RUN: %run_p %t.serial %t | FileCheck %s
// CHECK: thread A: 20 x fib(22) = 17711 on its own thread
// CHECK: thread B: 20 x chain(3000) = 4501500 on its own thread
#include <cstdio>
#include <thread>

#ifdef SERIAL
static long fib(long n) { return n < 2 ? n : fib(n - 1) + fib(n - 2); }
static __attribute__((noinline)) long chain(long d) {
  long r = d > 0 ? chain(d - 1) : 0;
  __asm__ volatile("" ::: "memory");
  return r + d;
}
#else
#include "sprig/abi.h"

#include "Inputs/hl-fib.h"
static long fib(long n) { return hl_fib(n); }

#include "Inputs/hl-chain.h"
#endif

// Each thread checks, after every root computation, that it is still itself: a root that
// returned on another thread would show a different std::this_thread::get_id().
template <class F>
static void run(char *out, const char *name, const char *what, F f, long expect) {
  std::thread::id me = std::this_thread::get_id();
  bool same = true, right = true;
  long v = 0;
  for (int i = 0; i < 20; ++i) {
    v = f();
    same &= std::this_thread::get_id() == me;
    right &= v == expect;
  }
  std::snprintf(out, 128, "thread %s: 20 x %s = %ld%s%s", name, what, v,
              same ? " on its own thread" : " ON ANOTHER THREAD", right ? "" : " (WRONG)");
}

int main() {
  static char out_a[128], out_b[128];
  std::thread a([] { run(out_a, "A", "fib(22)", [] { return fib(22); }, 17711); });
  std::thread b([] { run(out_b, "B", "chain(3000)", [] { return chain(3000); }, 4501500); });
  a.join();
  b.join();
  std::printf("%s\n%s\n", out_a, out_b);  // fixed order, for the comparison with serial
  return 0;
}

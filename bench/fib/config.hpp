// bench/fib/config.hpp - fib(n) with no cutoff: every call with n >= 2 spawns. The work
// is almost all spawn/sync overhead, so T1/TS measures the cost of a spawn.
// Suite input: n = 36 (24,157,816 calls with n >= 2 spawn, 48,315,632 calls in all).
#pragma once
#include "../common/bench.hpp"

namespace cfg {
constexpr const char *kName = "fib";
constexpr long kN = 36;

// Independent answer: iterative Fibonacci.
inline long expected(long n) {
  long a = 0, b = 1;
  for (long i = 0; i < n; ++i) {
    long t = a + b;
    a = b;
    b = t;
  }
  return a;
}

inline void check(const char *competitor, long n, long r) {
  if (r != expected(n))
    bench::fail(kName, competitor, "fib(%ld) = %ld, expected %ld", n, r, expected(n));
}
}  // namespace cfg

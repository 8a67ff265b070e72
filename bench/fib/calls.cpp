// fib, serial with one real call per node (T_calls): the optimiser may neither inline
// fib into itself nor turn a recursive call into a loop (tail-recursion elimination with
// an accumulator), which clang -O2 otherwise does to serial.cpp. This is the baseline a
// spawn should be compared with: a spawn replaces a call, and sprig.cpp makes every call.
#include "config.hpp"

__attribute__((noinline, disable_tail_calls)) long fib(long n) {
  if (n < 2)
    return n;
  long x, y;
  x = fib(n - 1);
  y = fib(n - 2);
  return x + y;
}

int main(int argc, char **argv) {
  long n = bench::arg_or(argc, argv, cfg::kN);
  auto t0 = bench::now();
  long r = fib(n);
  double s = bench::seconds_since(t0);
  cfg::check("calls", n, r);
  bench::report(cfg::kName, "calls", r, s);
}

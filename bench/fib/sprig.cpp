// fib, Sprig: spawn fib(n-1), compute fib(n-2) in the parent, sync.
#include "../common/sprig_setup.hpp"
#include "config.hpp"

long fib(long n) {
  if (n < 2)
    return n;
  long x, y;
  [[sprig::spawn]] x = fib(n - 1);
  y = fib(n - 2);
  [[sprig::sync]];
  return x + y;
}

int main(int argc, char **argv) {
  long n = bench::arg_or(argc, argv, cfg::kN);
  bench::sprig_warmup();
  auto t0 = bench::now();
  long r = fib(n);
  double s = bench::seconds_since(t0);
  cfg::check("sprig", n, r);
  bench::report(cfg::kName, "sprig", r, s);
}

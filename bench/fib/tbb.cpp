// fib, oneTBB: a task_group per call; fib(n-1) runs as a task, fib(n-2) in the caller.
#include "../common/tbb_setup.hpp"
#include "config.hpp"

long fib(long n) {
  if (n < 2)
    return n;
  long x, y;
  tbb::task_group g;
  g.run([&] { x = fib(n - 1); });
  y = fib(n - 2);
  g.wait();
  return x + y;
}

int main(int argc, char **argv) {
  long n = bench::arg_or(argc, argv, cfg::kN);
  auto gc = bench::tbb_setup();
  auto t0 = bench::now();
  long r = fib(n);
  double s = bench::seconds_since(t0);
  cfg::check("tbb", n, r);
  bench::report(cfg::kName, "tbb", r, s);
}

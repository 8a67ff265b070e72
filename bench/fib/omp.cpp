// fib, OpenMP tasks: fib(n-1) as a task, fib(n-2) in the encountering thread, taskwait.
#include "../common/omp_setup.hpp"
#include "config.hpp"

long fib(long n) {
  if (n < 2)
    return n;
  long x, y;
#pragma omp task shared(x)
  x = fib(n - 1);
  y = fib(n - 2);
#pragma omp taskwait
  return x + y;
}

int main(int argc, char **argv) {
  long n = bench::arg_or(argc, argv, cfg::kN);
  bench::omp_warmup();
  long r = 0;
  auto t0 = bench::now();
#pragma omp parallel
#pragma omp single
  r = fib(n);
  double s = bench::seconds_since(t0);
  cfg::check("omp", n, r);
  bench::report(cfg::kName, "omp", r, s);
}

// fib, serial: the serial elision of sprig.cpp (the same code, attributes removed).
#include "config.hpp"

long fib(long n) {
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
  cfg::check("serial", n, r);
  bench::report(cfg::kName, "serial", r, s);
}

// spawnloop, serial: the serial elision of sprig.cpp.
#include "config.hpp"

void loop(long *out, long n) {
  for (long i = 0; i < n; ++i)
    cfg::tiny(&out[i], i);
}

int main(int argc, char **argv) {
  long n = bench::arg_or(argc, argv, cfg::kN);
  std::vector<long> out(n, -1);
  auto t0 = bench::now();
  loop(out.data(), n);
  double s = bench::seconds_since(t0);
  bench::report(cfg::kName, "serial", cfg::check("serial", out), s);
}

// bench/common/loop.hpp - what the parallel-loop benchmarks (ploop, pimbalance) share: the
// output array, the timer, the check of every slot against the serial body and the
// report. A competitor supplies only its loop: run_loop<Cfg>(argc, argv, "name", loop),
// where loop(n, out) must set out[i] = Cfg::body(i) for every i in [0, n).
#pragma once
#include "bench.hpp"
#include <vector>

namespace bench {

template <class Cfg>
long long check_loop(const char *competitor, const std::vector<unsigned long> &out) {
  unsigned long long h = 0;
  for (long i = 0; i < static_cast<long>(out.size()); ++i) {
    if (out[i] != Cfg::body(i))
      fail(Cfg::kName, competitor, "out[%ld] wrong", i);
    h = h * 1000003ull + out[i];
  }
  return static_cast<long long>(h >> 1);  // RESULT: a hash of the output
}

template <class Cfg, class Loop>
int run_loop(int argc, char **argv, const char *competitor, Loop loop) {
  long n = arg_or(argc, argv, Cfg::kN);
  std::vector<unsigned long> out(n);
  auto t0 = now();
  loop(n, out.data());
  double s = seconds_since(t0);
  report(Cfg::kName, competitor, check_loop<Cfg>(competitor, out), s);
  return 0;
}

}  // namespace bench

// bench/daxpy/config.hpp - the memory-bound loop (issue 16): y = 2 x + y over kN doubles
// (1.6 GB for the two arrays), a parallel loop with almost no arithmetic per byte. Both
// arrays are filled by the main thread; one untimed pass of the competitor's own loop
// comes first, so every competitor is timed on memory its threads have touched (on this
// VM the first parallel pass is about twice as slow for every competitor: the kernel
// moves pages to the other vCPU's node). The timed pass is the second; the check is
// y[i] == 4 x[i] + 1 for every i, exact in doubles.
// Sprig: [[sprig::parallel_for]]; oneTBB: tbb::parallel_for; OpenMP: `parallel for`
// schedule(static).
#pragma once
#include "../common/bench.hpp"
#include <vector>

namespace cfg {
struct Daxpy {
  static constexpr const char *kName = "daxpy";
  static constexpr long kN = 100'000'000;
};

// run_daxpy(argc, argv, "name", loop): loop(n, x, y) must set y[i] = 2 x[i] + y[i] for
// every i in [0, n).
template <class Loop>
int run_daxpy(int argc, char **argv, const char *competitor, Loop loop) {
  long n = bench::arg_or(argc, argv, Daxpy::kN);
  std::vector<double> x(n), y(n);
  for (long i = 0; i < n; ++i) {
    x[i] = static_cast<double>(i) * 0.5;
    y[i] = 1.0;
  }
  loop(n, x.data(), y.data());  // untimed: the competitor's threads touch the memory
  auto t0 = bench::now();
  loop(n, x.data(), y.data());
  double secs = bench::seconds_since(t0);
  unsigned long long h = 0;
  for (long i = 0; i < n; ++i) {
    if (y[i] != 4.0 * x[i] + 1.0)
      bench::fail(Daxpy::kName, competitor, "y[%ld] wrong", i);
    h = h * 1000003ull + static_cast<unsigned long long>(y[i]);
  }
  bench::report(Daxpy::kName, competitor, static_cast<long long>(h >> 1), secs);
  return 0;
}
}  // namespace cfg

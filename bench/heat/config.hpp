// bench/heat/config.hpp - the heat stencil (issue 16): kSteps explicit steps of 2D heat
// diffusion on a kRows x kCols grid of doubles (fixed boundary), each step a parallel
// loop over the interior rows reading one grid and writing the other. Memory-bound with
// a little arithmetic: 8 MB per grid, larger than this machine's caches. Every cell's new
// value depends only on the old grid, so any split of the rows gives the same bits; the
// RESULT is a hash of the final grid, checked against the serial program's.
// Sprig: [[sprig::parallel_for]]; oneTBB: tbb::parallel_for; OpenMP: `parallel for`
// schedule(static).
#pragma once
#include "../common/bench.hpp"
#include <cstring>
#include <vector>

namespace cfg {
struct Heat {
  static constexpr const char *kName = "heat";
  static constexpr long kRows = 1024, kCols = 1024;
  static constexpr long kSteps = 100;  // the optional argument overrides it

  // The initial grid: a hot square in a cold plate, warm left edge.
  static void init(std::vector<double> &g) {
    for (long i = 0; i < kRows; ++i)
      for (long j = 0; j < kCols; ++j)
        g[i * kCols + j] =
            (j == 0)                                                             ? 50.0
            : (i > kRows / 4 && i < kRows / 2 && j > kCols / 4 && j < kCols / 2) ? 100.0
                                                                                 : 0.0;
  }
  // One row of one step: out = in + c * (Laplacian of in), interior columns only.
  static void row(const double *in, double *out, long i) {
    const double c = 0.2;
    const double *up = in + (i - 1) * kCols, *mid = in + i * kCols,
                 *dn = in + (i + 1) * kCols;
    double *o = out + i * kCols;
    o[0] = mid[0];
    for (long j = 1; j < kCols - 1; ++j)
      o[j] = mid[j] + c * (up[j] + dn[j] + mid[j - 1] + mid[j + 1] - 4.0 * mid[j]);
    o[kCols - 1] = mid[kCols - 1];
  }
  static long long hash(const std::vector<double> &g) {
    unsigned long long h = 0;
    for (double d : g) {
      unsigned long long b;
      std::memcpy(&b, &d, sizeof b);
      h = h * 1000003ull + b;
    }
    return static_cast<long long>(h >> 1);
  }
};

// run_heat(argc, argv, "name", step): step(in, out) must compute rows 1 .. kRows-2 of
// `out` from `in` (Heat::row for each); the boundary rows are copied here.
template <class Step>
int run_heat(int argc, char **argv, const char *competitor, Step step) {
  long steps = bench::arg_or(argc, argv, Heat::kSteps);
  std::vector<double> a(Heat::kRows * Heat::kCols), b(a.size());
  Heat::init(a);
  b = a;  // boundary rows stay as they are in both grids
  auto t0 = bench::now();
  for (long s = 0; s < steps; ++s) {
    step(a.data(), b.data());
    a.swap(b);
  }
  double secs = bench::seconds_since(t0);
  // The serial answer, computed again here (outside the timer) for the check.
  std::vector<double> x(a.size()), y(a.size());
  Heat::init(x);
  y = x;
  for (long s = 0; s < steps; ++s) {
    for (long i = 1; i < Heat::kRows - 1; ++i)
      Heat::row(x.data(), y.data(), i);
    x.swap(y);
  }
  if (Heat::hash(a) != Heat::hash(x))
    bench::fail(Heat::kName, competitor, "the grid differs from the serial program's");
  bench::report(Heat::kName, competitor, Heat::hash(a), secs);
  return 0;
}
}  // namespace cfg

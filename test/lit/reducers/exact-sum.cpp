// sprig::op_add_exact<double>: a sum of 10^7 terms spread over 30 decades, both signs,
// added from a parallel loop and from the leaves of a divide and conquer, is the same
// bits at P = 1, 2, 4, 8 and 16 and -O0..-O3, and the serial elision's (clang++ here,
// g++ in exact-sum-gxx.test). The plain op_add<double> of the same terms is computed
// too, to show that the terms do round differently in other orders (its value is not
// printed: it varies with the schedule).
// RUN: %run_opts %s %t -I%sprig_inc | FileCheck %s
// RUN: env SPRIG_NWORKERS=16 %t.par-O2 > %t.p16
// RUN: %t.serial | diff - %t.p16
// CHECK: loop {{0x[0-9a-f.]+p[-+][0-9]+}} dc {{0x[0-9a-f.]+p[-+][0-9]+}} float {{0x[0-9a-f.]+p[-+][0-9]+}}
// CHECK-NEXT: loop == dc: 1
// CHECK-NEXT: rounding matters: 1
#include <sprig/reducer.h>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <vector>

static uint64_t mix64(uint64_t z) {
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}

// Term i: a random significand in [1, 10), a power of ten in [1e-15, 1e15), a sign.
static double term(long i) {
  uint64_t h = mix64(static_cast<uint64_t>(i) + 1);
  double sig = 1.0 + 9.0 * static_cast<double>(h >> 11) * 0x1.0p-53;
  int decade = static_cast<int>((h >> 3) % 30) - 15;
  double x = sig * std::pow(10.0, decade);
  return (h & 1) ? -x : x;
}

sprig::reducer<sprig::op_add_exact<double>> dc_sum;
sprig::reducer<sprig::op_add_exact<float>> f_sum;

void dc(const double *a, long lo, long hi) {
  if (hi - lo <= 4096) {
    for (long i = lo; i < hi; ++i) {
      *dc_sum += a[i];
      *f_sum += static_cast<float>(a[i]);
    }
    return;
  }
  long mid = lo + (hi - lo) / 2;
  [[sprig::spawn]] dc(a, lo, mid);
  dc(a, mid, hi);
  [[sprig::sync]];
}

int main() {
  const long n = 10'000'000;
  std::vector<double> a(n);
  for (long i = 0; i < n; ++i)
    a[i] = term(i);
  sprig::reducer<sprig::op_add_exact<double>> loop_sum;
  [[sprig::parallel_for]] for (long i = 0; i < n; ++i) *loop_sum += a[i];
  dc(a.data(), 0, n);
  double loop = loop_sum.get_value(), d = dc_sum.get_value();
  float f = f_sum.get_value();
  // The same terms summed forwards and backwards with plain doubles: different bits.
  double fwd = 0, bwd = 0;
  for (long i = 0; i < n; ++i)
    fwd += a[i];
  for (long i = n - 1; i >= 0; --i)
    bwd += a[i];
  std::printf("loop %a dc %a float %a\n", loop, d, static_cast<double>(f));
  std::printf("loop == dc: %d\n", loop == d);
  std::printf("rounding matters: %d\n", fwd != bwd);
  return 0;
}

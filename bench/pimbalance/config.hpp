// bench/pimbalance/config.hpp - an imbalanced parallel loop (issue 16): kN iterations
// whose work grows 100x along the range (iteration i does 1 + 99 i / kN units of about
// 25 ns), so an even split of the range is not an even split of the work (with 2
// threads, schedule(static) gives the second about three quarters). Sprig:
// [[sprig::parallel_for]]; oneTBB: tbb::parallel_for; OpenMP: `parallel for`
// schedule(dynamic, 16). RESULT: a hash of the output (bench/common/loop.hpp).
#pragma once
#include "../common/loop.hpp"

namespace cfg {
struct Loop {
  static constexpr const char *kName = "pimbalance";
  static constexpr long kN = 100'000;
  // Out of line, so that every competitor runs the same code; xorshift-multiply steps
  // (not affine: the optimiser cannot fold them).
  __attribute__((noinline)) static unsigned long body(long i) {
    long units = 1 + 99 * i / kN;
    unsigned long x = static_cast<unsigned long>(i) + 1;
    for (long k = 0; k < units * 16; ++k) {
      x ^= x >> 29;
      x *= 0xBF58476D1CE4E5B9ull;
    }
    return x;
  }
};
}  // namespace cfg

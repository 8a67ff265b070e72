// bench/ploop/config.hpp - a balanced, compute-bound parallel loop (issue 16): kN
// iterations, each about 80 ns of arithmetic on its own index, writing its own slot.
// Sprig: [[sprig::parallel_for]]; oneTBB: tbb::parallel_for; OpenMP: `parallel for`
// schedule(static). RESULT: a hash of the output (bench/common/loop.hpp).
#pragma once
#include "../common/loop.hpp"

namespace cfg {
struct Loop {
  static constexpr const char *kName = "ploop";
  static constexpr long kN = 2'000'000;
  // A dependent chain of 80 xorshift-multiply steps (not affine, so the optimiser cannot
  // fold it), out of line so that every competitor runs the same code.
  __attribute__((noinline)) static unsigned long body(long i) {
    unsigned long x = static_cast<unsigned long>(i) * 0x9E3779B97F4A7C15ull + 1;
    for (int k = 0; k < 80; ++k) {
      x ^= x >> 29;
      x *= 0xBF58476D1CE4E5B9ull;
    }
    return x;
  }
};
}  // namespace cfg

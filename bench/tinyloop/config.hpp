// bench/tinyloop/config.hpp - spawnloop's 10^6 tiny calls written as a parallel loop
// (issue 16): the fine-grained loop the right way. Each iteration writes its own slot;
// the body is a few nanoseconds, so the loop's own overhead (splitting, grain, steals)
// is what is measured. Sprig: [[sprig::parallel_for]]; oneTBB: tbb::parallel_for;
// OpenMP: `parallel for` schedule(static). RESULT: a hash of the output.
#pragma once
#include "../common/loop.hpp"

namespace cfg {
struct Loop {
  static constexpr const char *kName = "tinyloop";
  static constexpr long kN = 1'000'000;
  // spawnloop's tiny function, out of line so that every competitor runs the same code.
  __attribute__((noinline)) static unsigned long body(long i) {
    return static_cast<unsigned long>((i * i) ^ i);
  }
};
}  // namespace cfg

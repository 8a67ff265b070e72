// bench/spawnloop/config.hpp - one function spawns kN = 10^6 calls of a tiny function in
// a loop, then syncs once: the cost of a spawn with almost no work in it, and, with P > 1,
// of handing out a long flat loop of tasks (with continuation stealing a thief takes the
// rest of the loop, so the loop itself migrates between workers).
// The tiny function writes out[i] = i * i ^ i; RESULT is the sum of out (mod 2^64).
#pragma once
#include "../common/bench.hpp"
#include <vector>

namespace cfg {
constexpr const char *kName = "spawnloop";
constexpr long kN = 1'000'000;

__attribute__((noinline)) inline void tiny(long *out, long i) { *out = (i * i) ^ i; }

inline long long check(const char *competitor, const std::vector<long> &out) {
  unsigned long long sum = 0;
  for (long i = 0; i < static_cast<long>(out.size()); ++i) {
    if (out[i] != ((i * i) ^ i))
      bench::fail(kName, competitor, "out[%ld] = %ld, expected %ld", i, out[i],
                  (i * i) ^ i);
    sum += static_cast<unsigned long long>(out[i]);
  }
  return static_cast<long long>(sum >> 1);
}
}  // namespace cfg

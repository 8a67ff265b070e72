// bench/nqueens/config.hpp - count the placements of n non-attacking queens, as Cilk-5's
// nqueens: one task per safe square of the next row, each with its own copy of the
// partial board. Suite input: n = 12 (14,200 solutions; 856,189 safe partial boards).
#pragma once
#include "../common/bench.hpp"
#include <cstring>

namespace cfg {
constexpr const char *kName = "nqueens";
constexpr long kN = 12;
constexpr int kMaxN = 16;  // boards live in fixed arrays of this size

// Known counts (OEIS A000170), the independent answer.
constexpr long kSolutions[kMaxN + 1] = {
    1, 1, 0, 0, 2, 10, 4, 40, 92, 352, 724, 2680, 14200, 73712, 365596, 2279184, 14772512};

// Is the queen in row j-1 (column a[j-1]) safe from the queens in rows 0..j-2?
inline bool ok(int j, const char *a) {
  for (int i = 0; i < j - 1; ++i) {
    int p = a[i], q = a[j - 1];
    if (p == q || p - q == j - 1 - i || q - p == j - 1 - i)
      return false;
  }
  return true;
}

inline long size_arg(int argc, char **argv) {
  long n = bench::arg_or(argc, argv, kN);
  if (n < 1 || n > kMaxN) {
    std::fprintf(stderr, "nqueens: n must be 1..%d\n", kMaxN);
    std::exit(2);
  }
  return n;
}

inline void check(const char *competitor, long n, long r) {
  if (r != kSolutions[n])
    bench::fail(kName, competitor, "nqueens(%ld) = %ld, expected %ld", n, r, kSolutions[n]);
}
}  // namespace cfg

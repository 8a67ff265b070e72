// bench/matmul/config.hpp - divide-and-conquer matrix multiply C += A * B on n x n
// row-major doubles, n a power of two: split all three matrices into quadrants and do
// the eight half-size products in two rounds of four (each round writes the four
// quadrants of C once, so the spawns of a round never race), down to kBase x kBase
// blocks done by a sequential i-k-j loop. Suite input: n = 1024, kBase = 32 (32,768
// leaf blocks; 2 * 1024^3 = 2.1 GFLOP). Entries are small integers (-4..4) so every
// result is exact and the check can be exact.
#pragma once
#include "../common/bench.hpp"
#include <vector>

namespace cfg {
constexpr const char *kName = "matmul";
constexpr long kN = 1024;
constexpr long kBase = 32;

inline double entry(uint64_t seed, long i, long j) {
  return static_cast<double>(
      static_cast<int>(bench::mix64(seed ^ (static_cast<uint64_t>(i) << 32 | j)) % 9) - 4);
}

struct Matrices {
  long n;
  std::vector<double> A, B, C;
  explicit Matrices(long n) : n(n), A(n * n), B(n * n), C(n * n, 0.0) {
    for (long i = 0; i < n; ++i)
      for (long j = 0; j < n; ++j) {
        A[i * n + j] = entry(1, i, j);
        B[i * n + j] = entry(2, i, j);
      }
  }
};

// Leaf: C += A * B on m x m blocks inside matrices of row stride ld.
inline void base(double *__restrict C, const double *__restrict A,
                 const double *__restrict B, long m, long ld) {
  for (long i = 0; i < m; ++i)
    for (long k = 0; k < m; ++k) {
      double a = A[i * ld + k];
      for (long j = 0; j < m; ++j)
        C[i * ld + j] += a * B[k * ld + j];
    }
}

inline long size_arg(int argc, char **argv) {
  long n = bench::arg_or(argc, argv, kN);
  if (n < kBase || (n & (n - 1))) {
    std::fprintf(stderr, "matmul: n must be a power of two >= %ld\n", kBase);
    std::exit(2);
  }
  return n;
}

// Freivalds' check, exact in integers: C x == A (B x) for a fixed integer vector x.
// RESULT: a weighted sum of the entries of C (exact: every entry is an integer).
inline long long check(const char *competitor, const Matrices &m) {
  long n = m.n;
  std::vector<long long> x(n), bx(n, 0), abx(n, 0), cx(n, 0);
  for (long j = 0; j < n; ++j)
    x[j] = static_cast<long long>(bench::mix64(77 + j) % 7) - 3;
  for (long i = 0; i < n; ++i)
    for (long j = 0; j < n; ++j) {
      bx[i] += static_cast<long long>(m.B[i * n + j]) * x[j];
      cx[i] += static_cast<long long>(m.C[i * n + j]) * x[j];
    }
  for (long i = 0; i < n; ++i)
    for (long j = 0; j < n; ++j)
      abx[i] += static_cast<long long>(m.A[i * n + j]) * bx[j];
  for (long i = 0; i < n; ++i)
    if (cx[i] != abx[i])
      bench::fail(kName, competitor,
                  "row %ld of C is wrong: (Cx)[i] = %lld, (ABx)[i] = %lld", i, cx[i],
                  abx[i]);
  long long sum = 0;
  for (long i = 0; i < n * n; ++i) {
    if (m.C[i] != static_cast<double>(static_cast<long long>(m.C[i])))
      bench::fail(kName, competitor, "C[%ld] = %g is not an integer", i, m.C[i]);
    sum += static_cast<long long>(m.C[i]) * static_cast<long long>(i % 13 - 6);
  }
  return sum;
}
}  // namespace cfg

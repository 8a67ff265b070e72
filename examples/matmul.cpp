// matmul: C += A * B by divide and conquer. Each matrix is cut into four quadrants and
// the eight half-size products run in two rounds of four spawns: the four products of
// one round write the four different quadrants of C, so they never race; the sync
// between the rounds orders the two updates of each quadrant. Blocks of 32 x 32 are
// multiplied by plain loops. Shows syncs used to order phases, not only to collect
// results.
// Build: sprig++ -O2 matmul.cpp -o matmul;  run: ./matmul [n, a power of two >= 32]
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <vector>

// C += A * B for m x m blocks of row-major matrices with row stride ld.
void mm(double *C, const double *A, const double *B, long m, long ld) {
  if (m <= 32) {
    for (long i = 0; i < m; ++i)
      for (long k = 0; k < m; ++k)
        for (long j = 0; j < m; ++j)
          C[i * ld + j] += A[i * ld + k] * B[k * ld + j];
    return;
  }
  long h = m / 2;
  auto q = [h, ld](auto *M, int r, int c) { return M + r * h * ld + c * h; };  // quadrant
  [[sprig::spawn]] mm(q(C, 0, 0), q(A, 0, 0), q(B, 0, 0), h, ld);
  [[sprig::spawn]] mm(q(C, 0, 1), q(A, 0, 0), q(B, 0, 1), h, ld);
  [[sprig::spawn]] mm(q(C, 1, 0), q(A, 1, 0), q(B, 0, 0), h, ld);
  mm(q(C, 1, 1), q(A, 1, 0), q(B, 0, 1), h, ld);
  [[sprig::sync]];
  [[sprig::spawn]] mm(q(C, 0, 0), q(A, 0, 1), q(B, 1, 0), h, ld);
  [[sprig::spawn]] mm(q(C, 0, 1), q(A, 0, 1), q(B, 1, 1), h, ld);
  [[sprig::spawn]] mm(q(C, 1, 0), q(A, 1, 1), q(B, 1, 0), h, ld);
  mm(q(C, 1, 1), q(A, 1, 1), q(B, 1, 1), h, ld);
  [[sprig::sync]];
}

int main(int argc, char **argv) {
  long n = argc > 1 ? std::atol(argv[1]) : 1024;
  if (n < 32 || (n & (n - 1))) {
    std::fprintf(stderr, "matmul: n must be a power of two >= 32\n");
    return 2;
  }
  // Small integer entries: every product is exact, so the check can be exact.
  std::vector<double> A(n * n), B(n * n), C(n * n, 0.0);
  for (long i = 0; i < n * n; ++i) {
    A[i] = static_cast<double>((i * 7 + 3) % 11) - 5;
    B[i] = static_cast<double>((i * 5 + 1) % 13) - 6;
  }
  auto t0 = std::chrono::steady_clock::now();
  mm(C.data(), A.data(), B.data(), n, n);
  double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();

  // Self-check: 64 rows of C recomputed by the textbook triple loop.
  for (long i = 0; i < n; i += n / 64) {
    for (long j = 0; j < n; ++j) {
      double c = 0;
      for (long k = 0; k < n; ++k)
        c += A[i * n + k] * B[k * n + j];
      if (c != C[i * n + j]) {
        std::printf("matmul: WRONG: C[%ld][%ld] = %g, expected %g\n", i, j, C[i * n + j],
                    c);
        return 1;
      }
    }
  }
  std::printf("matmul: %ld x %ld, ok\n", n, n);
  std::fprintf(stderr, "time: %.3f s\n", s);
  return 0;
}

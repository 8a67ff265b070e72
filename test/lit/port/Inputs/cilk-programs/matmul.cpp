// matmul: divide-and-conquer matrix multiplication (C += A * B on n x n matrices, n a
// power of two), the four quadrant products of each half of the sum spawned, after the
// Cilk examples' matmul. Checks against the serial triple loop.
#include <cilk/cilk.h>
#include <cstdio>
#include <vector>

// C[0..n)x[0..n) += A * B, with row stride ld.
void mm(double *C, const double *A, const double *B, int n, int ld) {
  if (n <= 16) {
    for (int i = 0; i < n; ++i)
      for (int k = 0; k < n; ++k)
        for (int j = 0; j < n; ++j)
          C[i * ld + j] += A[i * ld + k] * B[k * ld + j];
    return;
  }
  int h = n / 2;
  const double *A11 = A, *A12 = A + h, *A21 = A + h * ld, *A22 = A + h * ld + h;
  const double *B11 = B, *B12 = B + h, *B21 = B + h * ld, *B22 = B + h * ld + h;
  double *C11 = C, *C12 = C + h, *C21 = C + h * ld, *C22 = C + h * ld + h;
  // First half of the sum: each quadrant of C written by one strand.
  cilk_spawn mm(C11, A11, B11, h, ld);
  cilk_spawn mm(C12, A11, B12, h, ld);
  cilk_spawn mm(C21, A21, B11, h, ld);
  mm(C22, A21, B12, h, ld);
  cilk_sync;
  // Second half.
  cilk_spawn mm(C11, A12, B21, h, ld);
  cilk_spawn mm(C12, A12, B22, h, ld);
  cilk_spawn mm(C21, A22, B21, h, ld);
  mm(C22, A22, B22, h, ld);
  cilk_sync;
}

int main() {
  const int n = 128;
  std::vector<double> A(n * n), B(n * n), C(n * n, 0.0), D(n * n, 0.0);
  cilk_for (int i = 0; i < n; ++i)
    for (int j = 0; j < n; ++j) {
      A[i * n + j] = (i * 7 + j * 3) % 11 - 5;
      B[i * n + j] = (i * 5 + j * 13) % 7 - 3;
    }
  mm(C.data(), A.data(), B.data(), n, n);
  for (int i = 0; i < n; ++i)
    for (int k = 0; k < n; ++k)
      for (int j = 0; j < n; ++j)
        D[i * n + j] += A[i * n + k] * B[k * n + j];
  double trace = 0;
  bool ok = true;
  for (int i = 0; i < n * n; ++i)
    ok = ok && C[i] == D[i];
  for (int i = 0; i < n; ++i)
    trace += C[i * n + i];
  std::printf("matmul %dx%d trace %.0f %s\n", n, n, trace, ok ? "ok" : "WRONG");
  return ok ? 0 : 1;
}

// Divide-and-conquer matrix multiply (C += A*B by quadrants: two rounds of four
// spawns), 256x256 integer-valued doubles, checked against the naive product.
// RUN: %clangxx -O2 -Wno-unknown-attributes %s -o %t.serial
// RUN: %sprigxx -O2 %s -o %t.par
// RUN: %run_p %t.serial %t.par | FileCheck %s
// CHECK: equal=1
#include <cstdio>
#include <vector>

static const int N = 256;

// C[0..n)^2 += A*B, all with row stride N.
static void mm(double *C, const double *A, const double *B, int n) {
  if (n <= 32) {
    for (int i = 0; i < n; ++i)
      for (int k = 0; k < n; ++k)
        for (int j = 0; j < n; ++j)
          C[i * N + j] += A[i * N + k] * B[k * N + j];
    return;
  }
  int h = n / 2;
  const double *A11 = A, *A12 = A + h, *A21 = A + h * N, *A22 = A + h * N + h;
  const double *B11 = B, *B12 = B + h, *B21 = B + h * N, *B22 = B + h * N + h;
  double *C11 = C, *C12 = C + h, *C21 = C + h * N, *C22 = C + h * N + h;
  [[sprig::spawn]] mm(C11, A11, B11, h);
  [[sprig::spawn]] mm(C12, A11, B12, h);
  [[sprig::spawn]] mm(C21, A21, B11, h);
  mm(C22, A21, B12, h);
  [[sprig::sync]];
  [[sprig::spawn]] mm(C11, A12, B21, h);
  [[sprig::spawn]] mm(C12, A12, B22, h);
  [[sprig::spawn]] mm(C21, A22, B21, h);
  mm(C22, A22, B22, h);
  [[sprig::sync]];
}

int main() {
  std::vector<double> A(N * N), B(N * N), C(N * N, 0.0), R(N * N, 0.0);
  for (int i = 0; i < N * N; ++i) {
    A[i] = (i * 7 + 3) % 11 - 5;
    B[i] = (i * 13 + 1) % 7 - 3;
  }
  mm(C.data(), A.data(), B.data(), N);
  for (int i = 0; i < N; ++i)
    for (int k = 0; k < N; ++k)
      for (int j = 0; j < N; ++j)
        R[i * N + j] += A[i * N + k] * B[k * N + j];
  double trace = 0, sum = 0;
  for (int i = 0; i < N; ++i)
    trace += C[i * N + i];
  for (double c : C)
    sum += c;
  std::printf("equal=%d trace=%.0f sum=%.0f c[1][2]=%.0f\n", (int)(C == R), trace, sum,
              C[1 * N + 2]);
}

// lu: recursive block LU decomposition without pivoting of a diagonally dominant matrix,
// in the style of the Cilk-5 example lu.cilk: factor the top-left quarter, then solve
// for the top-right and bottom-left quarters in parallel, update the bottom-right one
// with their product (its four quadrant updates spawned), and factor it. The matrix is
// overwritten by L (below the diagonal, unit diagonal implied) and U. Checks that L * U
// gives back the matrix, with an OpenCilk reducer summing the residual.
#include <cilk/cilk.h>
#include <cmath>
#include <cstdio>
#include <vector>

static const int kBlock = 16;

void zero(void *v) { *static_cast<double *>(v) = 0; }
void plus(void *l, void *r) { *static_cast<double *>(l) += *static_cast<double *>(r); }

// Row-major n x n blocks with row stride ld.
struct Blk {
  double *p;
  int ld;
  double &at(int i, int j) const { return p[i * ld + j]; }
  Blk sub(int i, int j) const { return Blk{p + i * ld + j, ld}; }
};

// M (n x n) -= A (n x n) * B (n x n).
void schur(Blk M, Blk A, Blk B, int n) {
  if (n <= kBlock) {
    for (int i = 0; i < n; ++i)
      for (int k = 0; k < n; ++k)
        for (int j = 0; j < n; ++j)
          M.at(i, j) -= A.at(i, k) * B.at(k, j);
    return;
  }
  int h = n / 2;
  // Each quadrant of M is written by one strand, its two products one after the other.
  cilk_spawn schur(M.sub(0, 0), A.sub(0, 0), B.sub(0, 0), h);
  cilk_spawn schur(M.sub(0, h), A.sub(0, 0), B.sub(0, h), h);
  cilk_spawn schur(M.sub(h, 0), A.sub(h, 0), B.sub(0, 0), h);
  schur(M.sub(h, h), A.sub(h, 0), B.sub(0, h), h);
  cilk_sync;
  cilk_spawn schur(M.sub(0, 0), A.sub(0, h), B.sub(h, 0), h);
  cilk_spawn schur(M.sub(0, h), A.sub(0, h), B.sub(h, h), h);
  cilk_spawn schur(M.sub(h, 0), A.sub(h, h), B.sub(h, 0), h);
  schur(M.sub(h, h), A.sub(h, h), B.sub(h, h), h);
  cilk_sync;
}

// B (n x n) = L^-1 B, L the unit lower triangle of F: the columns of B are independent.
void lower_solve(Blk B, Blk F, int n) {
  cilk_for (int j = 0; j < n; ++j)
    for (int i = 1; i < n; ++i)
      for (int k = 0; k < i; ++k)
        B.at(i, j) -= F.at(i, k) * B.at(k, j);
}

// B (n x n) = B U^-1, U the upper triangle of F: the rows of B are independent.
void upper_solve(Blk B, Blk F, int n) {
  cilk_for (int i = 0; i < n; ++i)
    for (int j = 0; j < n; ++j) {
      for (int k = 0; k < j; ++k)
        B.at(i, j) -= B.at(i, k) * F.at(k, j);
      B.at(i, j) /= F.at(j, j);
    }
}

void lu(Blk M, int n) {
  if (n <= kBlock) {
    for (int k = 0; k < n; ++k)
      for (int i = k + 1; i < n; ++i) {
        M.at(i, k) /= M.at(k, k);
        for (int j = k + 1; j < n; ++j)
          M.at(i, j) -= M.at(i, k) * M.at(k, j);
      }
    return;
  }
  int h = n / 2;
  lu(M.sub(0, 0), h);
  cilk_spawn lower_solve(M.sub(0, h), M.sub(0, 0), h);
  upper_solve(M.sub(h, 0), M.sub(0, 0), h);
  cilk_sync;
  schur(M.sub(h, h), M.sub(h, 0), M.sub(0, h), h);
  lu(M.sub(h, h), h);
}

static double entry(int i, int j, int n) {
  return i == j ? 2.0 * n : static_cast<double>((i * 37 + j * 11) % 19) / 19.0 - 0.5;
}

int main() {
  const int n = 128;
  std::vector<double> M(n * n);
  cilk_for (int i = 0; i < n; ++i)
    for (int j = 0; j < n; ++j)
      M[i * n + j] = entry(i, j, n);
  lu(Blk{M.data(), n}, n);
  // The residual of L * U against the matrix, each row's part added by its iteration.
  double cilk_reducer(zero, plus) residual = 0;
  cilk_for (int i = 0; i < n; ++i) {
    double row = 0;
    for (int j = 0; j < n; ++j) {
      double s = 0;
      for (int k = 0; k <= i && k <= j; ++k)
        s += (k == i ? 1.0 : M[i * n + k]) * M[k * n + j];
      row += std::fabs(s - entry(i, j, n));
    }
    residual += row;
  }
  double trace = 0;
  for (int i = 0; i < n; ++i)
    trace += M[i * n + i];
  bool ok = residual < 1e-9 * n * n;
  std::printf("lu %dx%d trace(U) %.6f %s\n", n, n, trace, ok ? "ok" : "WRONG");
  return ok ? 0 : 1;
}

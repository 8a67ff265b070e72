// matmul, OpenMP tasks: two rounds of four half-size products, taskwait after each.
#include "../common/omp_setup.hpp"
#include "config.hpp"

// C += A * B on m x m blocks of matrices with row stride ld.
void mm(double *C, const double *A, const double *B, long m, long ld) {
  if (m <= cfg::kBase) {
    cfg::base(C, A, B, m, ld);
    return;
  }
  long h = m / 2;
  double *C00 = C, *C01 = C + h, *C10 = C + h * ld, *C11 = C + h * ld + h;
  const double *A00 = A, *A01 = A + h, *A10 = A + h * ld, *A11 = A + h * ld + h;
  const double *B00 = B, *B01 = B + h, *B10 = B + h * ld, *B11 = B + h * ld + h;
#pragma omp task
  mm(C00, A00, B00, h, ld);
#pragma omp task
  mm(C01, A00, B01, h, ld);
#pragma omp task
  mm(C10, A10, B00, h, ld);
  mm(C11, A10, B01, h, ld);
#pragma omp taskwait
#pragma omp task
  mm(C00, A01, B10, h, ld);
#pragma omp task
  mm(C01, A01, B11, h, ld);
#pragma omp task
  mm(C10, A11, B10, h, ld);
  mm(C11, A11, B11, h, ld);
#pragma omp taskwait
}

int main(int argc, char **argv) {
  long n = cfg::size_arg(argc, argv);
  cfg::Matrices m(n);
  bench::omp_warmup();
  auto t0 = bench::now();
#pragma omp parallel
#pragma omp single
  mm(m.C.data(), m.A.data(), m.B.data(), n, n);
  double s = bench::seconds_since(t0);
  bench::report(cfg::kName, "omp", cfg::check("omp", m), s);
}

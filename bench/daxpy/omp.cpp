// OpenMP: `parallel for` schedule(static), the natural choice for a streaming loop.
#include "../common/omp_setup.hpp"
#include "config.hpp"

int main(int argc, char **argv) {
  bench::omp_warmup();
  return cfg::run_daxpy(argc, argv, "omp", [](long n, const double *x, double *y) {
#pragma omp parallel for schedule(static)
    for (long i = 0; i < n; ++i)
      y[i] = 2.0 * x[i] + y[i];
  });
}

// OpenMP: `parallel for reduction(+:s)`, schedule(static), the natural choice.
#include "../common/omp_setup.hpp"
#include "config.hpp"

int main(int argc, char **argv) {
  bench::omp_warmup();
  return cfg::run_sum(argc, argv, "omp", [](long n, const long *a) {
    long s = 0;
#pragma omp parallel for schedule(static) reduction(+ : s)
    for (long i = 0; i < n; ++i)
      s += a[i];
    return s;
  });
}

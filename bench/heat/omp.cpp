// OpenMP: `parallel for` schedule(static) over the rows, the usual stencil loop.
#include "../common/omp_setup.hpp"
#include "config.hpp"

int main(int argc, char **argv) {
  bench::omp_warmup();
  return cfg::run_heat(argc, argv, "omp", [](const double *in, double *out) {
#pragma omp parallel for schedule(static)
    for (long i = 1; i < cfg::Heat::kRows - 1; ++i)
      cfg::Heat::row(in, out, i);
  });
}

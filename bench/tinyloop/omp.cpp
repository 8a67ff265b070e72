// OpenMP: `parallel for` schedule(static), the natural choice for a balanced loop.
#include "../common/omp_setup.hpp"
#include "config.hpp"

int main(int argc, char **argv) {
  bench::omp_warmup();
  return bench::run_loop<cfg::Loop>(argc, argv, "omp", [](long n, unsigned long *o) {
#pragma omp parallel for schedule(static)
    for (long i = 0; i < n; ++i)
      o[i] = cfg::Loop::body(i);
  });
}

// OpenMP: `parallel for` schedule(dynamic, 16), OpenMP's better schedule for an
// imbalanced loop (schedule(static) loses: docs/performance.md, "Parallel loops").
#include "../common/omp_setup.hpp"
#include "config.hpp"

int main(int argc, char **argv) {
  bench::omp_warmup();
  return bench::run_loop<cfg::Loop>(argc, argv, "omp", [](long n, unsigned long *o) {
#pragma omp parallel for schedule(dynamic, 16)
    for (long i = 0; i < n; ++i)
      o[i] = cfg::Loop::body(i);
  });
}

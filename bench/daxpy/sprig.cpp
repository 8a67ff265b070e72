// Sprig: sprig::parallel_for with the default grain (<sprig/parallel_for.h>).
#include "../common/sprig_setup.hpp"
#include "config.hpp"
#include <sprig/parallel_for.h>

int main(int argc, char **argv) {
  bench::sprig_warmup();
  return cfg::run_daxpy(argc, argv, "sprig", [](long n, const double *x, double *y) {
    sprig::parallel_for(0L, n, [x, y](long i) { y[i] = 2.0 * x[i] + y[i]; });
  });
}

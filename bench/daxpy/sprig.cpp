// Sprig: [[sprig::parallel_for]] with the default grain.
#include "../common/sprig_setup.hpp"
#include "config.hpp"

int main(int argc, char **argv) {
  bench::sprig_warmup();
  return cfg::run_daxpy(argc, argv, "sprig", [](long n, const double *x, double *y) {
    [[sprig::parallel_for]] for (long i = 0; i < n; ++i)
      y[i] = 2.0 * x[i] + y[i];
  });
}

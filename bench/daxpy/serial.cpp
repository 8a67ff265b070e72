// The serial loop.
#include "config.hpp"

int main(int argc, char **argv) {
  return cfg::run_daxpy(argc, argv, "serial", [](long n, const double *x, double *y) {
    for (long i = 0; i < n; ++i)
      y[i] = 2.0 * x[i] + y[i];
  });
}

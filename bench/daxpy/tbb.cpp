// oneTBB: tbb::parallel_for over a blocked_range (the default auto_partitioner).
#include "../common/tbb_setup.hpp"
#include "config.hpp"
#include <oneapi/tbb/blocked_range.h>
#include <oneapi/tbb/parallel_for.h>

int main(int argc, char **argv) {
  auto gc = bench::tbb_setup();
  return cfg::run_daxpy(argc, argv, "tbb", [](long n, const double *x, double *y) {
    tbb::parallel_for(tbb::blocked_range<long>(0, n),
                      [x, y](const tbb::blocked_range<long> &r) {
                        for (long i = r.begin(); i != r.end(); ++i)
                          y[i] = 2.0 * x[i] + y[i];
                      });
  });
}

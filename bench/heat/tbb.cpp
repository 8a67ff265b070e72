// oneTBB: tbb::parallel_for over a blocked_range of rows (the default auto_partitioner).
#include "../common/tbb_setup.hpp"
#include "config.hpp"
#include <oneapi/tbb/blocked_range.h>
#include <oneapi/tbb/parallel_for.h>

int main(int argc, char **argv) {
  auto gc = bench::tbb_setup();
  return cfg::run_heat(argc, argv, "tbb", [](const double *in, double *out) {
    tbb::parallel_for(tbb::blocked_range<long>(1, cfg::Heat::kRows - 1),
                      [in, out](const tbb::blocked_range<long> &r) {
                        for (long i = r.begin(); i != r.end(); ++i)
                          cfg::Heat::row(in, out, i);
                      });
  });
}

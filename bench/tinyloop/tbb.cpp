// oneTBB: tbb::parallel_for over a blocked_range (the default auto_partitioner).
#include "../common/tbb_setup.hpp"
#include "config.hpp"
#include <oneapi/tbb/blocked_range.h>
#include <oneapi/tbb/parallel_for.h>

int main(int argc, char **argv) {
  auto gc = bench::tbb_setup();
  return bench::run_loop<cfg::Loop>(argc, argv, "tbb", [](long n, unsigned long *o) {
    tbb::parallel_for(tbb::blocked_range<long>(0, n),
                      [o](const tbb::blocked_range<long> &r) {
                        for (long i = r.begin(); i != r.end(); ++i)
                          o[i] = cfg::Loop::body(i);
                      });
  });
}

// oneTBB: tbb::parallel_reduce over a blocked_range (the default auto_partitioner), the
// functional form.
#include "../common/tbb_setup.hpp"
#include "config.hpp"
#include <functional>
#include <oneapi/tbb/blocked_range.h>
#include <oneapi/tbb/parallel_reduce.h>

int main(int argc, char **argv) {
  auto gc = bench::tbb_setup();
  return cfg::run_sum(argc, argv, "tbb", [](long n, const long *a) {
    return tbb::parallel_reduce(
        tbb::blocked_range<long>(0, n), 0L,
        [a](const tbb::blocked_range<long> &r, long s) {
          for (long i = r.begin(); i != r.end(); ++i)
            s += a[i];
          return s;
        },
        std::plus<long>());
  });
}

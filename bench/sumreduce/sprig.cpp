// Sprig: a reducer updated in a [[sprig::parallel_for]] body (default grain). Each
// strand after a steal adds into a view of its own; the views are reduced at the loop's
// sync, in serial order.
#include "../common/sprig_setup.hpp"
#include "config.hpp"
#include <sprig/reducer.h>

int main(int argc, char **argv) {
  bench::sprig_warmup();
  return cfg::run_sum(argc, argv, "sprig", [](long n, const long *a) {
    sprig::reducer<sprig::op_add<long>> s;
    [[sprig::parallel_for]] for (long i = 0; i < n; ++i)
      *s += a[i];
    return s.get_value();
  });
}

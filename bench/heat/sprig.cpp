// Sprig: sprig::parallel_for over the rows, default grain (<sprig/parallel_for.h>).
#include "../common/sprig_setup.hpp"
#include "config.hpp"
#include <sprig/parallel_for.h>

int main(int argc, char **argv) {
  bench::sprig_warmup();
  return cfg::run_heat(argc, argv, "sprig", [](const double *in, double *out) {
    sprig::parallel_for(1L, cfg::Heat::kRows - 1,
                        [in, out](long i) { cfg::Heat::row(in, out, i); });
  });
}

// Sprig: [[sprig::parallel_for]] over the rows, default grain.
#include "../common/sprig_setup.hpp"
#include "config.hpp"

int main(int argc, char **argv) {
  bench::sprig_warmup();
  return cfg::run_heat(argc, argv, "sprig", [](const double *in, double *out) {
    [[sprig::parallel_for]] for (long i = 1; i < cfg::Heat::kRows - 1; ++i)
      cfg::Heat::row(in, out, i);
  });
}

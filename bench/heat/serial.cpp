// The serial stencil.
#include "config.hpp"

int main(int argc, char **argv) {
  return cfg::run_heat(argc, argv, "serial", [](const double *in, double *out) {
    for (long i = 1; i < cfg::Heat::kRows - 1; ++i)
      cfg::Heat::row(in, out, i);
  });
}

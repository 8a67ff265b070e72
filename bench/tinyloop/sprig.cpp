// Sprig: [[sprig::parallel_for]] with the default grain.
#include "../common/sprig_setup.hpp"
#include "config.hpp"

int main(int argc, char **argv) {
  bench::sprig_warmup();
  return bench::run_loop<cfg::Loop>(argc, argv, "sprig", [](long n, unsigned long *o) {
    [[sprig::parallel_for]] for (long i = 0; i < n; ++i)
      o[i] = cfg::Loop::body(i);
  });
}

// Sprig: sprig::parallel_for with the default grain (<sprig/parallel_for.h>).
#include "../common/sprig_setup.hpp"
#include "config.hpp"
#include <sprig/parallel_for.h>

int main(int argc, char **argv) {
  bench::sprig_warmup();
  return bench::run_loop<cfg::Loop>(argc, argv, "sprig", [](long n, unsigned long *o) {
    sprig::parallel_for(0L, n, [o](long i) { o[i] = cfg::Loop::body(i); });
  });
}

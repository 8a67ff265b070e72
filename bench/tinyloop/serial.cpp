// The serial loop.
#include "config.hpp"

int main(int argc, char **argv) {
  return bench::run_loop<cfg::Loop>(argc, argv, "serial", [](long n, unsigned long *o) {
    for (long i = 0; i < n; ++i)
      o[i] = cfg::Loop::body(i);
  });
}

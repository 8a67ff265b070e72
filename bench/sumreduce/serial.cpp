// The serial loop.
#include "config.hpp"

int main(int argc, char **argv) {
  return cfg::run_sum(argc, argv, "serial", [](long n, const long *a) {
    long s = 0;
    for (long i = 0; i < n; ++i)
      s += a[i];
    return s;
  });
}

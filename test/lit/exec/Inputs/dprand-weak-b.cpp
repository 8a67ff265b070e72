// The explicit instantiation and the weak function of Inputs/dprand-weak.h: the one
// definition other files call by name, so the plugin keeps their names.
#include <sprig/rng.h>
#include "dprand-weak.h"
template long tsum<long>(long);
__attribute__((weak)) long wsum(long n) {
  if (n < 2)
    return n;
  long a, b;
  [[sprig::spawn]] a = wsum(n - 1);
  b = wsum(n - 2);
  [[sprig::sync]];
  return a + b;
}

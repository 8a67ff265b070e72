// Inline spawning functions, a function template and an inline member function defined
// in a header.
// RUN: %clangxx -O2 -Wno-unknown-attributes -I%S/Inputs %s -o %t.serial
// RUN: %sprigxx -O2 -I%S/Inputs %s -o %t.par
// RUN: %run_p %t.serial %t.par | FileCheck %s
// CHECK: pfib(27)=196418 psum=500000500000 leaves=262144
#include "pfib.h"
#include <cstdio>
#include <vector>

int main() {
  std::vector<long> v(1000000);
  for (long i = 0; i < 1000000; ++i)
    v[i] = i + 1;
  long f = pfib(27);
  long s = psum(v.data(), (long)v.size());
  long l = Counter{}.count_leaves(18);
  std::printf("pfib(27)=%ld psum=%ld leaves=%ld\n", f, s, l);
}

// Weak definitions keep their names in files that keep the pedigree: an explicit
// instantiation (weak_odr) and an __attribute__((weak)) function are the one definition
// other files call by name (only linkonce copies, which every user has, are renamed:
// exec/dprand-odr.cpp). Both files include <sprig/rng.h>; -O0 and -O2; every P draws
// alike.
// RUN: %sprigxx -O0 -I%sprig_inc -I%S/Inputs -c %s -o %t.a0.o
// RUN: %sprigxx -O0 -I%sprig_inc -I%S/Inputs -c %S/Inputs/dprand-weak-b.cpp -o %t.b0.o
// RUN: %sprigxx %t.a0.o %t.b0.o -o %t.0
// RUN: %sprigxx -O2 -I%sprig_inc -I%S/Inputs -c %s -o %t.a2.o
// RUN: %sprigxx -O2 -I%sprig_inc -I%S/Inputs -c %S/Inputs/dprand-weak-b.cpp -o %t.b2.o
// RUN: %sprigxx %t.a2.o %t.b2.o -o %t.2
// RUN: env SPRIG_NWORKERS=1 %t.0 > %t.out1
// RUN: env SPRIG_NWORKERS=4 %t.0 > %t.out2
// RUN: env SPRIG_NWORKERS=1 %t.2 > %t.out3
// RUN: env SPRIGTEST_STRESS=2 SPRIG_NWORKERS=4 %t.2 > %t.out4
// RUN: cmp %t.out1 %t.out2
// RUN: cmp %t.out1 %t.out3
// RUN: cmp %t.out1 %t.out4
// RUN: FileCheck %s < %t.out1
// CHECK: wsum(20) = 6765 tsum(18) = {{[0-9]+}}
#include <sprig/rng.h>
#include "dprand-weak.h"
#include <cstdio>

int main() {
  sprig::dprand_seed(5);
  long w = wsum(20);
  long t = tsum<long>(18);
  std::printf("wsum(20) = %ld tsum(18) = %ld\n", w, t);
  return 0;
}

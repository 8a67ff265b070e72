// An inline (or template) spawning function from a header, used by a file that includes
// <sprig/rng.h> and draws through it, and by one that does not: the linker keeps one
// copy per name, so the plugin gives the copy that keeps the pedigree a name of its own
// (plugin/early/Pedigree.cpp). Either link order, every P: the same draws, no abort.
// RUN: %sprigxx -O2 -I%sprig_inc -I%S/Inputs -c %s -o %t.a.o
// RUN: %sprigxx -O2 -I%S/Inputs -c %S/Inputs/dprand-odr-b.cpp -o %t.b.o
// RUN: %sprigxx %t.a.o %t.b.o -o %t.ab
// RUN: %sprigxx %t.b.o %t.a.o -o %t.ba
// RUN: env SPRIG_NWORKERS=1 %t.ab > %t.1
// RUN: env SPRIG_NWORKERS=4 %t.ab > %t.2
// RUN: env SPRIG_NWORKERS=1 %t.ba > %t.3
// RUN: env SPRIG_NWORKERS=4 %t.ba > %t.4
// RUN: env SPRIGTEST_STRESS=3 SPRIG_NWORKERS=4 %t.ba > %t.5
// RUN: cmp %t.1 %t.2
// RUN: cmp %t.1 %t.3
// RUN: cmp %t.1 %t.4
// RUN: cmp %t.1 %t.5
// RUN: FileCheck %s < %t.1
// The instrumented copy's own name:
// RUN: %sprigxx -O2 -I%sprig_inc -I%S/Inputs -S -emit-llvm %s -o - | FileCheck %s --check-prefix=IR
// CHECK: walk: {{[0-9a-f]+}} other: 32768
// IR: define {{.*}}_odr {{.*}} @_Z4walkiPFmvE.sprig.ped(
#include <sprig/rng.h>
#include "dprand-odr.h"
#include <cstdio>

uint64_t other();
static uint64_t draw() { return sprig::dprand(); }

int main() {
  sprig::dprand_seed(3);
  uint64_t o = other();
  std::printf("walk: %016llx other: %llu\n", (unsigned long long)walk(10, draw),
              (unsigned long long)o);
  return 0;
}

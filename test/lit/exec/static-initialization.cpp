// Spawning functions called from a global object's constructor (before main) and
// destructor (after main returns).
// RUN: %clangxx -O2 -Wno-unknown-attributes %s -o %t.serial
// RUN: %sprigxx -O2 %s -o %t.par
// RUN: %run_p %t.serial %t.par | FileCheck %s
// CHECK: main: ctor computed 75025
// CHECK: dtor computed 46368
#include <cstdio>

#include "Inputs/pfib.h"  // pfib: a parallel fib

struct Global {
  long v;
  Global() : v(pfib(25)) {}
  ~Global() {
    std::printf("dtor computed %ld\n", pfib(24));
    std::fflush(stdout);
  }
};
Global global;

int main() { std::printf("main: ctor computed %ld\n", global.v); }

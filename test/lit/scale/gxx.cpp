// REQUIRES: gxx
// <sprig/scale.h> under g++: the serial elision builds, and the probes cost nothing and
// print nothing (no runtime: the weak entry points are null).
// RUN: %gxx -O2 -Wno-attributes -I%sprig_inc -x c++ %S/driver.cpp -o %t && %t 2>&1 | FileCheck %s
// CHECK: fib(20) = 6765
// CHECK-NOT: tag

// A parallel loop's chunk gets the loop's first value and step by value even though,
// at -O1 and up, they are locals with lifetime markers (readOnlyLocalsByValue,
// WithLifetimes). Reloaded from the caller's frame after every store of the body, they
// kept a body that stores through a pointer the optimiser cannot tell apart from them
// (here a reducer's view) from being vectorised: sumreduce ran 3.5x slower than
// OpenMP, heat's T1/TS was 1.20.
// RUN: %sprigxx -O2 -S -emit-llvm %s -o - | FileCheck %s
// CHECK-LABEL: define internal void @_Z3sumPKll.sprig.pfor.0(
// CHECK: add <2 x i64>
// CHECK: ret void
#include <sprig/reducer.h>

long sum(const long *a, long n) {
  sprig::reducer<sprig::op_add<long>> s;
  [[sprig::parallel_for]] for (long i = 0; i < n; ++i) *s += a[i];
  return s.get_value();
}

// The pedigree of sprig::dprand is kept only in translation units that include
// <sprig/rng.h> (or are built with -mllvm -sprig-pedigree): there a spawn is bracketed
// by __sprig_ped_fork in the parent and __sprig_ped_join at the continuation's start,
// and a parallel loop's iteration starts with __sprig_ped_iter. Anywhere else nothing of
// it is emitted, so a spawn costs what it did (fib's instructions per spawn unchanged).
// RUN: %sprigxx -O1 -S -emit-llvm -I%sprig_inc -DWITH_RNG %s -o - | FileCheck %s --check-prefix=RNG
// RUN: %sprigxx -O1 -S -emit-llvm -mllvm -sprig-pedigree %s -o - | FileCheck %s --check-prefix=RNG
// RUN: %sprigxx -O1 -S -emit-llvm %s -o - | FileCheck %s --check-prefix=NONE
// The serial modes keep it too (their program must draw what the parallel one draws).
// RUN: %sprigxx --scale -O1 -S -emit-llvm -I%sprig_inc -DWITH_RNG %s -o - | FileCheck %s --check-prefix=SERIAL
#ifdef WITH_RNG
#include <sprig/rng.h>
#endif

long fib(int n) {
  if (n < 2)
    return n;
  long x, y;
  [[sprig::spawn]] x = fib(n - 1);
  y = fib(n - 2);
  [[sprig::sync]];
  return x + y;
}

void fill(long *v, int n) {
  [[sprig::parallel_for]] for (int i = 0; i < n; ++i) v[i] = i;
}

// RNG-LABEL: define {{.*}} @_Z3fibi(
// RNG:         call i64 @__sprig_ped_hash()
// RNG-NEXT:    call i64 @__sprig_ped_fork()
// RNG:         call void @__sprig_ped_join(
// RNG-LABEL: define {{.*}} @_Z4fillPli(
// RNG:         call i64 @__sprig_ped_fork()
// RNG:         call void @__sprig_ped_join(
// RNG:       define internal {{.*}}sprig.pfor{{.*}}(
// RNG:         call void @__sprig_ped_iter(
// NONE-NOT:  __sprig_ped_
// SERIAL-LABEL: define {{.*}} @_Z3fibi(
// SERIAL:         call i64 @__sprig_ped_fork()
// SERIAL:         call void @__sprig_ped_join(

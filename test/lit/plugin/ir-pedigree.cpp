// The pedigree of sprig::dprand is kept only in translation units that include
// <sprig/rng.h> (or are built with -mllvm -sprig-pedigree): there a spawn is bracketed
// by the fork in the parent and the join at the continuation's start, and a parallel
// loop's iteration starts by setting its state. On x86-64 ELF these are inline, on the
// thread's __sprig_tls_ped found afresh by the initial-exec sequence at each; elsewhere
// (and with -mllvm -sprig-pedigree-calls) calls of __sprig_ped_fork, __sprig_ped_join,
// __sprig_ped_iter. Anywhere else nothing of it is emitted, so a spawn costs what it did
// (fib's instructions per spawn unchanged).
// REQUIRES: x86_64
// RUN: %sprigxx -O1 -S -emit-llvm -I%sprig_inc -DWITH_RNG %s -o - | FileCheck %s --check-prefix=INLINE
// RUN: %sprigxx -O1 -S -emit-llvm -mllvm -sprig-pedigree %s -o - | FileCheck %s --check-prefix=INLINE
// RUN: %sprigxx -O1 -S -emit-llvm -I%sprig_inc -DWITH_RNG -mllvm -sprig-pedigree-calls %s -o - | FileCheck %s --check-prefix=RNG
// RUN: %sprigxx -O1 -S -emit-llvm %s -o - | FileCheck %s --check-prefix=NONE
// The serial modes keep it too (their program must draw what the parallel one draws).
// RUN: %sprigxx --scale -O1 -S -emit-llvm -I%sprig_inc -DWITH_RNG -mllvm -sprig-pedigree-calls %s -o - | FileCheck %s --check-prefix=SERIAL
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
// INLINE-LABEL: define {{.*}} @_Z3fibi(
// INLINE:         asm sideeffect "movq %fs:0, $0\0A\09addq __sprig_tls_ped@gottpoff(%rip), $0"
// INLINE-LABEL: define {{.*}} @_Z4fillPli(
// INLINE:         asm sideeffect "movq %fs:0, $0\0A\09addq __sprig_tls_ped@gottpoff(%rip), $0"
// INLINE:       define internal {{.*}}sprig.pfor{{.*}}(
// INLINE:         asm sideeffect "movq %fs:0, $0\0A\09addq __sprig_tls_ped@gottpoff(%rip), $0"
// INLINE-NOT:     call {{.*}}@__sprig_ped_
// NONE-NOT:  __sprig_ped
// NONE-NOT:  __sprig_tls_ped
// SERIAL-LABEL: define {{.*}} @_Z3fibi(
// SERIAL:         call i64 @__sprig_ped_fork()
// SERIAL:         call void @__sprig_ped_join(

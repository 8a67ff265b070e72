// Spawn v2 stage 2 (plugin/late/PreserveNoneEntries.cpp): calls made on a worker go to a
// preserve_none copy of the callee's worker entry and body (F.sprig.worker.pn ->
// F.sprig.body.pn), which saves no callee-saved register; F.sprig.body keeps the C
// convention for F's own callers. The assembly check pins the point of it: the copy's
// prologue pushes %rbp only, where the C body pushes the five other callee-saved
// registers too. Optimising builds only.
// RUN: %sprigxx -O2 -S -emit-llvm %s -o - | FileCheck %s
// RUN: %sprigxx -O2 -S %s -o - | FileCheck %s --check-prefix=ASM
// RUN: %sprigxx -O2 -mllvm -sprig-preserve-none-entries=0 -S -emit-llvm %s -o - | FileCheck %s --check-prefix=OFF
// RUN: %sprigxx -O0 -S -emit-llvm %s -o - | FileCheck %s --check-prefix=OFF

long fib(long n) {
  if (n < 2)
    return n;
  long x, y;
  [[sprig::spawn]] x = fib(n - 1);
  y = fib(n - 2);
  [[sprig::sync]];
  return x + y;
}

// CHECK-LABEL: define internal {{.*}}i64 @_Z3fibl.sprig.body(i64
// CHECK:         {{call|invoke}} preserve_nonecc {{.*}}i64 @_Z3fibl.sprig.worker.pn(i64
// CHECK-LABEL: define internal preserve_nonecc {{.*}}i64 @_Z3fibl.sprig.body.pn(i64
// CHECK:         {{call|invoke}} preserve_nonecc {{.*}}i64 @_Z3fibl.sprig.worker.pn(i64
// CHECK-LABEL: define internal preserve_nonecc {{.*}}i64 @_Z3fibl.sprig.worker.pn(i64
// CHECK:         musttail call preserve_nonecc {{.*}}i64 @_Z3fibl.sprig.body.pn(i64

// ASM-LABEL: _Z3fibl.sprig.body:
// ASM:         pushq %rbx
// ASM-LABEL: _Z3fibl.sprig.body.pn:
// ASM-NOT:     pushq %r{{bx|12|13|14|15}}
// ASM:         .cfi_endproc

// OFF-NOT: .pn(

// The runtime defines __sprig_wake_one `preserve_most`; the lowering calls it so (a
// helper need not keep the spawned call's arguments, evaluated before it, in
// callee-saved registers), and through the GOT (`nonlazybind`): a lazily bound PLT entry
// would run glibc's resolver, which clobbers r10 (exec/wake-sleeping-workers.cpp runs
// that case). Also without -fPIE.
// REQUIRES: x86_64
// RUN: %sprigxx -O2 -S -emit-llvm %s -o - | FileCheck %s --check-prefix=IR
// RUN: %sprigxx -O2 -S %s -o - | FileCheck %s --check-prefix=ASM
// RUN: %sprigxx -O2 -fno-pie -S %s -o - | FileCheck %s --check-prefix=ASM
long g(long, long, long, long, long, long, long, long);

long f(long a) {
  long x, y;
  [[sprig::spawn]] x = g(a, a + 1, a + 2, a + 3, a + 4, a + 5, a + 6, a + 7);
  y = g(a, a, a, a, a, a, a, a);
  [[sprig::sync]];
  return x + y;
}

// IR-DAG: call preserve_mostcc void @__sprig_wake_one()
// IR-DAG: declare preserve_mostcc void @__sprig_wake_one() {{.*}}#[[W:[0-9]+]]
// IR: attributes #[[W]] = { {{.*}}nonlazybind
// ASM: callq *__sprig_wake_one@GOTPCREL(%rip)
// ASM-NOT: __sprig_wake_one@PLT

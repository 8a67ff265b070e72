// The runtime defines the deque's slow paths, __sprig_push_slow and __sprig_pop_slow,
// `preserve_most`; the lowering calls them so (a helper need not keep the spawned call's
// arguments, evaluated before the push, or the parent frame, needed after the pop, in
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

// IR-DAG: call preserve_mostcc void @__sprig_push_slow()
// IR-DAG: call preserve_mostcc i32 @__sprig_pop_slow(i64
// IR-DAG: declare preserve_mostcc void @__sprig_push_slow() {{.*}}#[[W:[0-9]+]]
// IR-DAG: declare preserve_mostcc i32 @__sprig_pop_slow(i64{{.*}}) {{.*}}#[[W]]
// IR: attributes #[[W]] = { {{.*}}nonlazybind
// ASM-DAG: callq *__sprig_push_slow@GOTPCREL(%rip)
// ASM-DAG: callq *__sprig_pop_slow@GOTPCREL(%rip)
// ASM-NOT: __sprig_push_slow@PLT
// ASM-NOT: __sprig_pop_slow@PLT

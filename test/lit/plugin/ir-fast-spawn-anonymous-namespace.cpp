// The fast spawn for a function in an anonymous namespace (internal, as a static one).
// The spawn's helper runs the child through its worker entry: the preserve_none copy
// F.sprig.worker.pn (no serial gate, no callee-saved register saved; the child's body
// may also be inlined into the helper, whose own calls then go there), and a caller
// that is no worker passes the serial gate (F.sprig.serial.root). Without the fast
// path the helper called F itself: its gate, then a body that saves every
// callee-saved register (about 20 instructions more per spawn, docs/performance.md).
// RUN: %sprigxx -std=c++20 -O2 -S -emit-llvm %s -o - | FileCheck %s
// RUN: %sprigxx -std=c++20 -O3 -S -emit-llvm %s -o - | FileCheck %s

namespace {
long fib(long n) {
  if (n < 2)
    return n;
  long x, y;
  [[sprig::spawn]] x = fib(n - 1);
  y = fib(n - 2);
  [[sprig::sync]];
  return x + y;
}
}  // namespace
long run(long n) { return fib(n); }

// CHECK-LABEL: define internal preserve_nonecc void @_ZN12_GLOBAL__N_13fibEl.sprig.spawn.{{[0-9]+}}(
// CHECK-NOT:   {{^}}}
// CHECK:         {{call|invoke}} preserve_nonecc {{.*}}@_ZN12_GLOBAL__N_13fibEl.sprig.worker.pn(
// CHECK:       {{^}}}
// CHECK-DAG:   define internal {{.*}}@_ZN12_GLOBAL__N_13fibEl.sprig.serial.root(
// CHECK-DAG:   define internal preserve_nonecc {{.*}}@_ZN12_GLOBAL__N_13fibEl.sprig.worker.pn(

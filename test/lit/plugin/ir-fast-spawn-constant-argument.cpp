// The fast spawn for a static function always called with the same constant: interprocedural constant propagation, then dead-argument elimination, would change the function alone.
// The spawn's helper runs the child through its worker entry: the preserve_none copy
// F.sprig.worker.pn (no serial gate, no callee-saved register saved; the child's body
// may also be inlined into the helper, whose own calls then go there), and a caller
// that is no worker passes the serial gate (F.sprig.serial.root). Without the fast
// path the helper called F itself: its gate, then a body that saves every
// callee-saved register (about 20 instructions more per spawn, docs/performance.md).
// RUN: %sprigxx -std=c++20 -O2 -S -emit-llvm %s -o - | FileCheck %s
// RUN: %sprigxx -std=c++20 -O3 -S -emit-llvm %s -o - | FileCheck %s

static long fib(long n, long k) {
  if (n < 2)
    return n * k;
  long x, y;
  [[sprig::spawn]] x = fib(n - 1, k);
  y = fib(n - 2, k);
  [[sprig::sync]];
  return x + y;
}
long run(long n) { return fib(n, 1); }

// CHECK-LABEL: define internal preserve_nonecc void @_ZL3fibll.sprig.spawn.{{[0-9]+}}(
// CHECK-NOT:   {{^}}}
// CHECK:         {{call|invoke}} preserve_nonecc {{.*}}@_ZL3fibll.sprig.worker.pn(
// CHECK:       {{^}}}
// CHECK-DAG:   define internal {{.*}}@_ZL3fibll.sprig.serial.root(
// CHECK-DAG:   define internal preserve_nonecc {{.*}}@_ZL3fibll.sprig.worker.pn(

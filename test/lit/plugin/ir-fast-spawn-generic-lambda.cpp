// The fast spawn for a generic lambda called in place through itself: internal, and its `this` (the empty closure) is a dead argument that dead-argument elimination would drop from it alone.
// The spawn's helper runs the child through its worker entry: the preserve_none copy
// F.sprig.worker.pn (no serial gate, no callee-saved register saved; the child's body
// may also be inlined into the helper, whose own calls then go there), and a caller
// that is no worker passes the serial gate (F.sprig.serial.root). Without the fast
// path the helper called F itself: its gate, then a body that saves every
// callee-saved register (about 20 instructions more per spawn, docs/performance.md).
// RUN: %sprigxx -std=c++20 -O2 -S -emit-llvm %s -o - | FileCheck %s
// RUN: %sprigxx -std=c++20 -O3 -S -emit-llvm %s -o - | FileCheck %s

long run(long n) {
  auto fib = [](auto &self, long n) -> long {
    if (n < 2)
      return n;
    long x, y;
    [[sprig::spawn]] x = self(self, n - 1);
    y = self(self, n - 2);
    [[sprig::sync]];
    return x + y;
  };
  return fib(fib, n);
}

// CHECK-LABEL: define internal preserve_nonecc void @"_ZZ3runlENK3$_0clIS_EElRT_l.sprig.spawn.{{[0-9]+}}"(
// CHECK-NOT:   {{^}}}
// CHECK:         {{call|invoke}} preserve_nonecc {{.*}}@"_ZZ3runlENK3$_0clIS_EElRT_l.sprig.worker.pn"(
// CHECK:       {{^}}}
// CHECK-DAG:   define internal {{.*}}@"_ZZ3runlENK3$_0clIS_EElRT_l.sprig.serial.root"(
// CHECK-DAG:   define internal preserve_nonecc {{.*}}@"_ZZ3runlENK3$_0clIS_EElRT_l.sprig.worker.pn"(

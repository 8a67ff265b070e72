// A spawned call through a function pointer. The one spawner of the module whose address
// is taken and whose type matches is the guess: the helper compares the pointer with it
// and calls its worker entry (the preserve_none copy F.sprig.worker.pn, no serial gate),
// the pointer otherwise (late/SerialGate.cpp, onlyIndirectTarget).
// RUN: %sprigxx -O2 -S -emit-llvm %s -o - | FileCheck %s
// RUN: %sprigxx -O3 -S -emit-llvm %s -o - | FileCheck %s

long (*volatile pick)(long);

long fib(long n) {
  if (n < 2)
    return n;
  long x, y;
  long (*f)(long) = pick;
  [[sprig::spawn]] x = f(n - 1);
  y = fib(n - 2);
  [[sprig::sync]];
  return x + y;
}

long run(long n) {
  pick = fib;
  return fib(n);
}

// CHECK-LABEL: define internal preserve_nonecc void @_Z3fibl.sprig.spawn.{{[0-9]+}}(
// CHECK-NOT:   {{^}}}
// CHECK:         icmp eq ptr %{{[0-9]+}}, @_Z3fibl
// CHECK-NOT:   {{^}}}
// CHECK-DAG:     {{call|invoke}} preserve_nonecc {{.*}}@_Z3fibl.sprig.worker.pn(
// CHECK-DAG:     {{call|invoke}} {{.*}}i64 %{{[0-9]+}}(i64
// CHECK:       {{^}}}

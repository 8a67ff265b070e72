// A spawned virtual call: the one overrider in this module that spawns is the guess, as
// for a function pointer (ir-fast-spawn-indirect.cpp): the helper compares the loaded
// vtable entry with it and calls its worker entry when they are equal.
// RUN: %sprigxx -O2 -S -emit-llvm %s -o - | FileCheck %s
// RUN: %sprigxx -O3 -S -emit-llvm %s -o - | FileCheck %s

struct Base {
  virtual long fib(long n) = 0;
  virtual ~Base() = default;
};
struct Fib : Base {
  long fib(long n) override;
};
Base *volatile self;

long Fib::fib(long n) {
  if (n < 2)
    return n;
  long x, y;
  Base *o = self;
  [[sprig::spawn]] x = o->fib(n - 1);
  y = fib(n - 2);
  [[sprig::sync]];
  return x + y;
}

long run(long n) {
  Fib f;
  self = &f;
  return f.fib(n);
}

// CHECK-LABEL: define internal preserve_nonecc void @_ZN3Fib3fibEl.sprig.spawn.{{[0-9]+}}(
// CHECK-NOT:   {{^}}}
// CHECK:         icmp eq ptr %{{[0-9]+}}, @_ZN3Fib3fibEl
// CHECK-NOT:   {{^}}}
// CHECK-DAG:     {{call|invoke}} preserve_nonecc {{.*}}@_ZN3Fib3fibEl.sprig.worker.pn(
// CHECK-DAG:     {{call|invoke}} {{.*}}i64 %{{[0-9]+}}(ptr {{.*}}, i64
// CHECK:       {{^}}}

// A root that finds the pool saturated runs the serial clone of the spawning function
// (plugin/early/SerialClone.cpp): no frame, no spawn, no binding, so the runtime never sees it
// run "serially on a private worker" (the fallback, traced under SPRIG_TRACE=root). At
// P=1 the main thread's root fills the pool; a thread it starts inside the computation
// then enters spawning functions through the gate: a split one (a leaf prefix, the gate
// where the body is entered), a whole one (the gate at its entry), and one that throws
// out of the clone, which must still leave the saturation count (the gate is down again
// once every root has left). Built with the gate off, the same program takes the
// fallback, which the trace shows: the check can fail.
// RUN: %sprigxx -O2 %s -o %t
// RUN: env SPRIG_NWORKERS=1 SPRIG_TRACE=root %t 2>%t.err | FileCheck %s --check-prefixes=CHECK,GATE
// RUN: FileCheck %s --check-prefix=TRACE < %t.err
// RUN: %sprigxx -O0 %s -o %t.O0
// RUN: env SPRIG_NWORKERS=1 SPRIG_TRACE=root %t.O0 2>%t.err0 | FileCheck %s --check-prefixes=CHECK,GATE
// RUN: FileCheck %s --check-prefix=TRACE < %t.err0
// RUN: %sprigxx -O2 -mllvm -sprig-serial-gate=0 %s -o %t.nogate
// RUN: env SPRIG_NWORKERS=1 SPRIG_TRACE=root %t.nogate 2>%t.err2 | FileCheck %s
// RUN: FileCheck %s --check-prefix=NOGATE < %t.err2
// RUN: %clangxx -O2 -Wno-unknown-attributes -I%sprig_inc %s -o %t.serial
// RUN: %t.serial | FileCheck %s
// CHECK: fib 6765 sum 210 caught 7
// GATE: gate in 1 after 0
// TRACE: thread binds as worker 0
// TRACE-NOT: serially
// NOGATE: runs frame {{.*}} serially
#include <cstdio>
#include <sprig/sprig.h>
#include <stdexcept>
#include <thread>

#ifdef __SPRIG__
extern "C" int __sprig_serial_gate;  // sprig/abi.h
static int gate_inside = -1;
#endif

long fib(int n) {  // split: the leaves return before the frame
  if (n < 2)
    return n;
  long a, b;
  [[sprig::spawn]] a = fib(n - 1);
  b = fib(n - 2);
  [[sprig::sync]];
  return a + b;
}

long leaf(const int *v, int n) {
  long s = 0;
  for (int i = 0; i < n; ++i)
    s += v[i];
  return s;
}

long sum(const int *v, int n) {  // whole: spawns from its first statement
  long a;
  [[sprig::spawn]] a = leaf(v, n / 2);
  long b = n / 2 > 2 ? sum(v + n / 2, n - n / 2) : leaf(v + n / 2, n - n / 2);
  [[sprig::sync]];
  return a + b;
}

long thrower(int n) {
  long a;
  [[sprig::spawn]] a = fib(n);
  if (n == 7)
    throw std::runtime_error("seven");
  [[sprig::sync]];
  return a;
}

long outer() {
  long x;
  [[sprig::spawn]] x = fib(10);
#ifdef __SPRIG__
  gate_inside = __sprig_serial_gate;
#endif
  long f = 0, s = 0;
  int caught = 0;
  std::thread t([&] {
    int v[20];
    for (int i = 0; i < 20; ++i)
      v[i] = i + 1;
    f = fib(20);
    s = sum(v, 20);
    try {
      thrower(7);
    } catch (const std::runtime_error &) {
      caught = 7;
    }
  });
  t.join();
  [[sprig::sync]];
  std::printf("fib %ld sum %ld caught %d\n", f, s, caught);
  return x;
}

int main() {
  outer();
#ifdef __SPRIG__
  std::printf("gate in %d after %d\n", gate_inside, __sprig_serial_gate);
#endif
}

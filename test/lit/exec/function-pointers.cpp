// Spawned calls through function pointers: a pointer variable, an element of an array
// of pointers chosen at run time, a reference to a function, and a pointer returned by
// a call (evaluated before the detach).
// RUN: %clangxx -O2 -Wno-unknown-attributes %s -o %t.serial
// RUN: %sprigxx -O2 %s -o %t.par
// RUN: %run_p %t.serial %t.par | FileCheck %s
// CHECK: ptr=196418 table=121393,196418,317811 ref=75025 returned=317811
#include <cstdio>

long fib(int n) { return n < 2 ? n : fib(n - 1) + fib(n - 2); }
long fib_minus(int n) { return fib(n - 1); }
long fib_plus(int n) { return fib(n + 1); }

using Fn = long (*)(int);
Fn pick(int k) { return k ? fib_plus : fib_minus; }

int main() {
  Fn ptr = fib;
  Fn table[3] = {fib_minus, fib, fib_plus};
  long (&ref)(int) = fib;
  long a, t[3], r, q;
  volatile int zero = 0;  // run-time indices
  int i0 = zero, i1 = zero + 1, i2 = zero + 2;
  [[sprig::spawn]] a = ptr(27);
  [[sprig::spawn]] t[0] = table[i0](27);
  [[sprig::spawn]] t[1] = table[i1](27);
  [[sprig::spawn]] t[2] = table[i2](27);
  [[sprig::spawn]] r = ref(25);
  [[sprig::spawn]] q = pick(1)(27);
  [[sprig::sync]];
  std::printf("ptr=%ld table=%ld,%ld,%ld ref=%ld returned=%ld\n", a, t[0], t[1], t[2], r, q);
}

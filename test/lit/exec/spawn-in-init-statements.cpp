// The declaration form in the init-statement of if, switch and for (C++17): the
// variable keeps its scope; it is read only after a sync inside that scope.
// RUN: %clangxx -O2 -Wno-unknown-attributes %s -o %t.serial
// RUN: %sprigxx -O2 %s -o %t.par
// RUN: %run_p %t.serial %t.par | FileCheck %s
// RUN: %sprigxx -O0 %s -o %t.par0
// RUN: %run_p %t.serial %t.par0 | FileCheck %s
// CHECK: total=103682
#include <cstdio>

long fib(int n) { return n < 2 ? n : fib(n - 1) + fib(n - 2); }

long g(int n) {
  long t = 0;
  if ([[sprig::spawn]] long x = fib(n); n > 3) {
    [[sprig::sync]];
    t += x;
  }
  for ([[sprig::spawn]] long y = fib(n - 1); t >= 0;) {
    [[sprig::sync]];
    t += y - fib(n - 1);  // adds 0
    break;
  }
  switch ([[sprig::spawn]] long z = fib(n - 2); n) {
  default:
    [[sprig::sync]];
    t += z;
  }
  return t;
}

int main() { std::printf("total=%ld\n", g(25)); }

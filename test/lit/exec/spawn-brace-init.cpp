// A spawned declaration with braces, T x{f(args)} for a scalar T, is the declaration form.
// RUN: %clangxx -O2 -Wno-unknown-attributes %s -o %t.serial
// RUN: %sprigxx -O2 %s -o %t.par
// RUN: %run_p %t.serial %t.par | FileCheck %s
// CHECK: 196418 121393 317811
#include <cstdio>
long fib(int n) { return n < 2 ? n : fib(n - 1) + fib(n - 2); }
int main() {
  [[sprig::spawn]] long a{fib(27)};
  [[sprig::spawn]] long b{fib(26)};
  [[sprig::sync]];
  std::printf("%ld %ld %ld\n", a, b, a + b);
}

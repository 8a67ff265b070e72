// [[sprig::spawn]] (void)f(args); spawns the call and discards its result, the usual
// way to call a [[nodiscard]] function for its side effects.
// RUN: %clangxx -O2 -Wno-unknown-attributes %s -o %t.serial
// RUN: %sprigxx -O2 %s -o %t.par
// RUN: %run_p %t.serial %t.par | FileCheck %s
// CHECK: sum=2178309
#include <atomic>
#include <cstdio>
std::atomic<long> total{0};
long fib(int n) { return n < 2 ? n : fib(n - 1) + fib(n - 2); }
[[nodiscard]] int add_fib(int n) {
  total += fib(n);
  return n;
}
int main() {
  for (int k = 0; k < 32; ++k)
    [[sprig::spawn]] (void)add_fib(25 + (k == 0) * 7);
  [[sprig::sync]];
  std::printf("sum=%ld\n", total.load() - 31 * fib(25));
}

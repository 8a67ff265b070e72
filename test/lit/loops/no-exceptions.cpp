// [[sprig::parallel_for]] in a translation unit built with -fno-exceptions: no try/catch
// around the iteration, no exception state; the same results as the serial elision at
// -O0..-O3 and P=1,2,4,8, also with a body that spawns.
// RUN: %run_opts %s %t -fno-exceptions | FileCheck %s
// CHECK: sum 499500 fib {{[0-9]+}}
#include <cstdio>

long fib(int n) {
  if (n < 2)
    return n;
  long x, y;
  [[sprig::spawn]] x = fib(n - 1);
  y = fib(n - 2);
  [[sprig::sync]];
  return x + y;
}

long a[1000], f[50];

int main() {
  [[sprig::parallel_for]] for (int i = 0; i < 1000; ++i) a[i] = i;
  [[sprig::parallel_for]] [[sprig::grainsize(1)]] for (int i = 0; i < 50; ++i) {
    long x;
    [[sprig::spawn]] x = fib(5 + i % 10);
    long y = fib(6);
    [[sprig::sync]];
    f[i] = x + y;
  }
  long s = 0, sf = 0;
  for (long x : a) s += x;
  for (long x : f) sf += x;
  std::printf("sum %ld fib %ld\n", s, sf);
}

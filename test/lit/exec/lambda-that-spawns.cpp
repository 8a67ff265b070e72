// Lambdas whose bodies spawn (each lambda is a spawning function of its own): a
// capturing lambda called from main, a recursive generic lambda, and a lambda that
// spawns another spawning lambda.
// RUN: %clangxx -O2 -Wno-unknown-attributes %s -o %t.serial
// RUN: %sprigxx -O2 %s -o %t.par
// RUN: %run_p %t.serial %t.par | FileCheck %s
// CHECK: pair=317811 recursive=196418 nested=514229
#include <cstdio>

long fib(int n) { return n < 2 ? n : fib(n - 1) + fib(n - 2); }

int main() {
  long scale = 1;
  auto pair = [&](int n) {
    long a, b;
    [[sprig::spawn]] a = fib(n - 1);
    b = fib(n - 2);
    [[sprig::sync]];
    return (a + b) * scale;
  };
  auto rec = [](auto &self, int n) -> long {
    if (n < 2)
      return n;
    [[sprig::spawn]] long a = self(self, n - 1);
    long b = self(self, n - 2);
    [[sprig::sync]];
    return a + b;
  };
  auto outer = [&](int n) {
    long x, y;
    [[sprig::spawn]] x = pair(n - 1);
    [[sprig::spawn]] y = rec(rec, n - 2);
    [[sprig::sync]];
    return x + y;
  };
  long p = pair(28);
  long r = rec(rec, 27);
  long o = outer(29);
  std::printf("pair=%ld recursive=%ld nested=%ld\n", p, r, o);
}

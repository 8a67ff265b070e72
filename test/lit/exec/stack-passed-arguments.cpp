// A spawning function whose arguments are partly passed on the stack (more than six
// integer arguments, a by-value struct in memory) reads them in its continuation,
// after a possible steal (the continuation then runs with the stack pointer on another
// stack and must address its incoming arguments through the frame pointer).
// RUN: %clangxx -O2 -Wno-unknown-attributes %s -o %t.serial
// RUN: %sprigxx -O2 %s -o %t.par
// RUN: %run_p %t.serial %t.par | FileCheck %s
// RUN: %sprigxx -O0 %s -o %t.par0
// RUN: %run_p %t.serial %t.par0 | FileCheck %s
// CHECK: sum=2059150
#include <cstdio>

long fib(int n) { return n < 2 ? n : fib(n - 1) + fib(n - 2); }

struct Five {
  long a, b, c, d, e;
};

long many(int n, long a1, long a2, long a3, long a4, long a5, long a6, long a7, long a8,
          double d1, Five f, long a9) {
  long x, y;
  [[sprig::spawn]] x = fib(n);
  [[sprig::spawn]] y = fib(n - 1);
  long z = a7 * 3 + a8 * 5 + (long)d1 + f.a + f.e + a9;  // in the continuation
  [[sprig::sync]];
  return x + y + z + a1 + a2 + a3 + a4 + a5 + a6 + a7 + a8 + f.b + f.c + f.d + a9;
}

int main() {
  long s = 0;
  for (int i = 0; i < 200; ++i)
    s += many(18 + i % 4, 1, 2, 3, 4, 5, 6, 7, 8, 9.5, Five{10, 11, 12, 13, 14}, 15 + i);
  std::printf("sum=%ld\n", s);
}

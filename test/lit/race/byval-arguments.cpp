// Arguments passed by value in memory (a struct too big for registers: byval) live in
// the caller's outgoing-argument area, which every call reuses. In the parallel program
// each child's copy is its own: two spawned calls' copies, each written by its child,
// are not a race (the parameter is forgotten at the callee's entry).
// RUN: %sprigxx --race -O0 %s -o %t0
// RUN: %sprigxx --race -O2 %s -o %t2
// RUN: %clangxx -O1 -Wno-unknown-attributes %s -o %t.serial
// RUN: %t.serial > %t.expected
// RUN: %t0 > %t0.out 2> %t0.err
// RUN: diff %t.expected %t0.out
// RUN: FileCheck --allow-empty %s < %t0.err
// RUN: %t2 > %t2.out 2> %t2.err
// RUN: diff %t.expected %t2.out
// RUN: FileCheck --allow-empty %s < %t2.err
// CHECK-NOT: sprig race
#include <cstdio>

struct Big {
  long a[12];
};

__attribute__((noinline)) long bump(Big b, long k) {
  for (int i = 0; i < 12; ++i)
    b.a[i] += k * i;  // writes the parameter's own copy
  long s = 0;
  for (int i = 0; i < 12; ++i)
    s += b.a[i];
  return s;
}

long both(const Big &src) {
  long x = 0, y = 0, z = 0;
  [[sprig::spawn]] x = bump(src, 1);
  [[sprig::spawn]] y = bump(src, 2);
  z = bump(src, 3);
  [[sprig::sync]];
  return x + 10 * y + 100 * z;
}

int main() {
  Big b{};
  for (int i = 0; i < 12; ++i)
    b.a[i] = i * i;
  long r = 0;
  for (int k = 0; k < 3; ++k)
    r += both(b);
  std::printf("%ld\n", r);
}

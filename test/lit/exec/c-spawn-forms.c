// C's spawnable calls and targets: a struct result into a declared struct, a compound
// literal argument, a variadic callee, a call through (*fp), an out-parameter, an
// explicit cast of the result, a braced scalar initializer, a (void) cast, a libc call;
// targets a register variable and an _Atomic one (C's bracket takes their address; the
// atomic store stays atomic). Against the C elision at -O0..-O3, P = 1, 2, 4, 8.
// RUN: %run_opts_c %s %t | FileCheck %s
// CHECK: spawned printf
// CHECK-NEXT: 1 2 7 6 9 3 5 6
#include <stdarg.h>
#include <stdio.h>
struct pt {
  long x, y;
};
static struct pt mk(long a, long b) {
  struct pt p = {a, b};
  return p;
}
static long sumpt(struct pt p) { return p.x + p.y; }
static long vsum(int n, ...) {
  va_list ap;
  va_start(ap, n);
  long s = 0;
  for (int i = 0; i < n; i++)
    s += va_arg(ap, long);
  va_end(ap);
  return s;
}
static long id(long x) { return x; }
static long (*fp)(long) = id;
static void fill(long *out, int n) {
  for (int i = 0; i < n; i++)
    out[i] = i;
}
int main(void) {
  register long r;
  _Atomic long at;
  long arr[4];
  [[sprig::spawn]] struct pt p = mk(1, 2);
  [[sprig::spawn]] long s = sumpt((struct pt){3, 4});
  [[sprig::spawn]] r = vsum(3, 1L, 2L, 3L);
  [[sprig::spawn]] at = (*fp)(9);
  [[sprig::spawn]] fill(arr, 4);
  [[sprig::spawn]] long c = (long)id(5);
  [[sprig::spawn]] int d = {(int)id(6)};
  [[sprig::spawn]] (void) id(7);
  [[sprig::spawn]] printf("spawned printf\n");
  [[sprig::sync]];
  printf("%ld %ld %ld %ld %ld %ld %ld %d\n", p.x, p.y, s, r, (long)at, arr[3], c, d);
  return 0;
}

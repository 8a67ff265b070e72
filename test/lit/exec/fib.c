// fib in C by every spawn form: the call (a result through a pointer), the assignment
// (a scalar and a struct target), the declaration; and with the implicit syncs only (at
// a return, before its value is computed, and at the end of a void function); built by
// the C elision (gcc, or clang without the plugin) and by sprigcc -O0..-O3, each run at
// SPRIG_NWORKERS=1,2,4,8.
// RUN: %run_opts_c %s %t | FileCheck %s
// CHECK: fib_call(24) = 46368
// CHECK: fib_assign(24) = 46368
// CHECK: fib_decl(24) = 46368
// CHECK: fib_pair(24) = 46368 75025
// CHECK: fib_implicit(24) = 46368 46368
#include <stdio.h>

static void fib_call(int n, long *out) {
  if (n < 2) {
    *out = n;
    return;
  }
  long x, y;
  [[sprig::spawn]] fib_call(n - 1, &x);
  fib_call(n - 2, &y);
  [[sprig::sync]];
  *out = x + y;
}

long fib_assign(int n) {
  if (n < 2)
    return n;
  long x, y;
  [[sprig::spawn]] x = fib_assign(n - 1);
  y = fib_assign(n - 2);
  [[sprig::sync]];
  return x + y;
}

long fib_decl(int n) {
  if (n < 2)
    return n;
  [[sprig::spawn]] long x = fib_decl(n - 1);
  long y = fib_decl(n - 2);
  [[sprig::sync]];
  return x + y;
}

// A struct result, assigned to an array element (C evaluates a struct assignment's
// target first; the child still writes it).
struct pair {
  long f, g;  // fib(n), fib(n + 1)
};

struct pair fib_pair(int n) {
  struct pair r = {n, 1};
  if (n < 2)
    return r;
  struct pair p[2];
  [[sprig::spawn]] p[0] = fib_pair(n - 1);
  p[1] = fib_pair(n - 2);
  [[sprig::sync]];
  r.f = p[0].f + p[1].f;
  r.g = p[0].g + p[1].g;
  return r;
}

// No [[sprig::sync]]: the return waits for x.
long fib_implicit(int n) {
  if (n < 2)
    return n;
  long x;
  [[sprig::spawn]] x = fib_implicit(n - 1);
  long y = fib_implicit(n - 2);
  return x + y;
}

// a[i] = fib(i) for lo <= i < hi; the implicit sync at the end waits for the children.
void fill_fib(long *a, int lo, int hi) {
  if (hi - lo == 1) {
    a[lo] = fib_implicit(lo);
    return;
  }
  int mid = (lo + hi) / 2;
  [[sprig::spawn]] fill_fib(a, lo, mid);
  [[sprig::spawn]] fill_fib(a, mid, hi);
}

int main(void) {
  long c;
  fib_call(24, &c);
  printf("fib_call(24) = %ld\n", c);
  printf("fib_assign(24) = %ld\n", fib_assign(24));
  printf("fib_decl(24) = %ld\n", fib_decl(24));
  struct pair p = fib_pair(24);
  printf("fib_pair(24) = %ld %ld\n", p.f, p.g);
  long a[25];
  fill_fib(a, 0, 25);
  printf("fib_implicit(24) = %ld %ld\n", fib_implicit(24), a[24]);
  return 0;
}

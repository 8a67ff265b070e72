// [[sprig::parallel_for]] in C: integer loops up and down, with a step, with
// [[sprig::grainsize]], over unsigned values to 0, through a pointer, nested, and with a
// spawn in the body; each iteration writes its own slot, checked after the loop.
// RUN: %run_opts_c %s %t | FileCheck %s
// CHECK: squares 332833500
// CHECK: down 2500
// CHECK: step 532
// CHECK: unsigned 55
// CHECK: pointer 4950
// CHECK: nested 9500
// CHECK: spawning 3192
#include <stdio.h>

#define N 1000
static long a[N];
static long m[10][100];

static long twice(long x) { return 2 * x; }

static long fib(int n) {
  if (n < 2)
    return n;
  [[sprig::spawn]] long x = fib(n - 1);
  long y = fib(n - 2);
  [[sprig::sync]];
  return x + y;
}

int main(void) {
  long s = 0;
  [[sprig::parallel_for]] for (int i = 0; i < N; i++) a[i] = (long)i * i;
  for (int i = 0; i < N; i++)
    s += a[i];
  printf("squares %ld\n", s);

  for (int i = 0; i < N; i++)
    a[i] = 0;
  [[sprig::parallel_for]] [[sprig::grainsize(7)]] for (long i = 99; i >= 0; --i) a[i] = i + 1;
  s = 0;
  for (int i = 0; i < N; i++)
    s += a[i] * (i % 2 == 0);
  printf("down %ld\n", s);

  for (int i = 0; i < N; i++)
    a[i] = 0;
  int n = 19;
  [[sprig::parallel_for]] for (int i = 1; i <= n * 3; i += 3) a[i] = i;
  s = 0;
  for (int i = 0; i < N; i++)
    s += a[i];
  printf("step %ld\n", s);

  for (int i = 0; i < N; i++)
    a[i] = 0;
  [[sprig::parallel_for]] for (unsigned u = 10; u > 0; u--) a[u] = u;
  s = 0;
  for (int i = 0; i < N; i++)
    s += a[i];
  printf("unsigned %ld\n", s);

  for (int i = 0; i < N; i++)
    a[i] = i;
  long total[100];
  [[sprig::parallel_for]] for (long *p = a; p != a + 100; ++p) total[p - a] = *p;
  s = 0;
  for (int i = 0; i < 100; i++)
    s += total[i];
  printf("pointer %ld\n", s);

  [[sprig::parallel_for]] for (int i = 0; i < 10; i++)
    [[sprig::parallel_for]] [[sprig::grainsize(8)]] for (int j = 0; j < 100; j++)
      m[i][j] = twice(j) / 10;
  s = 0;
  for (int i = 0; i < 10; i++)
    for (int j = 0; j < 100; j++)
      s += m[i][j];
  printf("nested %ld\n", s);

  [[sprig::parallel_for]] for (int i = 0; i < 16; i++) {
    [[sprig::spawn]] a[i] = fib(i);
    a[100 + i] = fib(i);
  }
  s = 0;
  for (int i = 0; i < 16; i++)
    s += a[i] + a[100 + i];
  printf("spawning %ld\n", s);
  return 0;
}

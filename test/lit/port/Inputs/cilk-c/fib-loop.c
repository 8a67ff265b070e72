/* A Cilk program in C, in the Cilk-5 style: fib by cilk_spawn and cilk_sync, and a
 * cilk_for with OpenCilk's grainsize pragma; it checks its own results. */
#include <cilk/cilk.h>
#include <stdio.h>
#include <stdlib.h>

long fib(int n) {
  if (n < 2)
    return n;
  long x, y;
  x = cilk_spawn fib(n - 1);
  y = fib(n - 2);
  cilk_sync;
  return x + y;
}

static long square(long i) { return i * i; }

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 24;
  static long a[1000];
#pragma cilk grainsize 16
  cilk_for (int i = 0; i < 1000; i++)
    a[i] = square(i);
  long s = 0;
  for (int i = 0; i < 1000; i++)
    s += a[i];
  long f = fib(n);
  printf("fib(%d) = %ld squares %ld %s\n", n, f, s,
         f == 46368 && s == 332833500 ? "ok" : "WRONG");
  return 0;
}

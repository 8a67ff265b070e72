// The forms that came with scopes in C: a spawned compound assignment (the update runs in
// the child), a spawned block (its locals its own, the enclosing variables by address),
// and [[sprig::scope]] left by falling off its end, by break and by return; built by the
// C elision and by sprigcc -O0..-O3, each run at SPRIG_NWORKERS=1,2,4,8.
// RUN: %run_opts_c %s %t | FileCheck %s
// CHECK: fib=46368 acc=10946 prod=6765 block=2584 scoped=3194 early=610
#include <stdio.h>

static long fib(long n) {
  if (n < 2)
    return n;
  long x = 0, y;
  [[sprig::spawn]] x += fib(n - 1);
  y = fib(n - 2);
  [[sprig::sync]];
  return x + y;
}

static long early(int n) {
  long r[2] = {0, 0};
  [[sprig::scope]] {
    [[sprig::spawn]] r[0] = fib(n);
    if (n > 10)
      return r[0] + r[1];  // the scope (and the function) sync before the return
    [[sprig::spawn]] r[1] = fib(n - 1);
  }
  return r[0] + r[1];
}

int main(void) {
  long acc = 0, prod = 1, block = 0, scoped[3] = {0, 0, 0};
  [[sprig::spawn]] acc += fib(21);
  [[sprig::spawn]] prod *= fib(20);
  [[sprig::spawn]] {
    long t = fib(18);
    block = t;
  }
  for (int i = 0; i < 3; ++i) {
    [[sprig::scope]] {
      [[sprig::spawn]] scoped[i] = fib(17 - i);
      if (i == 2)
        break;
    }
  }
  [[sprig::sync]];
  printf("fib=%ld acc=%ld prod=%ld block=%ld scoped=%ld early=%ld\n", fib(24), acc, prod,
         block, scoped[0] + scoped[1] + scoped[2], early(15));
  return 0;
}

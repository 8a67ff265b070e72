// fib: the classic Cilk example, the naive doubly recursive Fibonacci. Checks the
// parallel result against an iterative one. OpenCilk spelling (sprig-port's input).
#include <cilk/cilk.h>
#include <cstdio>
#include <cstdlib>

long fib(int n) {
  if (n < 2)
    return n;
  long x, y;
  x = cilk_spawn fib(n - 1);
  y = fib(n - 2);
  cilk_sync;
  return x + y;
}

long fib_iter(int n) {
  long a = 0, b = 1;
  for (int i = 0; i < n; ++i) {
    long t = a + b;
    a = b;
    b = t;
  }
  return a;
}

int main(int argc, char **argv) {
  int n = argc > 1 ? std::atoi(argv[1]) : 27;
  long r = fib(n);
  bool ok = r == fib_iter(n);
  std::printf("fib(%d) = %ld %s\n", n, r, ok ? "ok" : "WRONG");
  return ok ? 0 : 1;
}

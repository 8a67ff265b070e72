// fib, as in the README: the profiler tests' common spawning function.
#pragma once
inline long fib(int n) {
  if (n < 2)
    return n;
  long x, y;
  [[sprig::spawn]] x = fib(n - 1);
  y = fib(n - 2);
  [[sprig::sync]];
  return x + y;
}

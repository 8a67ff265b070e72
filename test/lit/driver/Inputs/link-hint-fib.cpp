#include <cstdio>
long fib(int n) {
  if (n < 2)
    return n;
  long x, y;
  [[sprig::spawn]] x = fib(n - 1);
  y = fib(n - 2);
  [[sprig::sync]];
  return x + y;
}
int main() { std::printf("fib(20) = %ld\n", fib(20)); }

#include <stdio.h>

long fib(int n) {
  if (n < 2)
    return n;
  long x, y;
  [[sprig::spawn]] x = fib(n - 1);
  y = fib(n - 2);
  [[sprig::sync]];
  return x + y;
}

static void say(const char *s) { puts(s); }
static void (*volatile say_ptr)(const char *) = say;

int main(void) {
  // A spawned call through a function pointer, which Clang does not mark nounwind: in C
  // it does not unwind all the same, and the helper has no landing pad (which would
  // name the C++ personality: a C program does not link the C++ runtime).
  [[sprig::spawn]] say_ptr("fib:");
  [[sprig::sync]];
  printf("fib(24) = %ld\n", fib(24));
  return 0;
}

// The serial elision with g++: with <sprig/sprig.h> it builds without a warning about
// the attributes (the header turns -Wattributes off: g++'s -Wno-attributes=sprig:: still
// warns "attributes at the beginning of statement are ignored"); without the header the
// documented flag is -Wno-attributes. Same output as the parallel build.
// REQUIRES: gxx
// RUN: %gxx -Wall -Wextra -Werror -I%sprig_inc %s -o %t.gcc
// RUN: %t.gcc | FileCheck %s
// RUN: %gxx -Wall -DSPRIG_KEEP_ATTRIBUTE_WARNINGS -I%sprig_inc -fsyntax-only %s 2>&1 | FileCheck %s --check-prefix=KEPT
// RUN: %gxx -Wall -Werror -Wno-attributes -DSPRIG_KEEP_ATTRIBUTE_WARNINGS -I%sprig_inc -fsyntax-only %s
// CHECK: fib(20) = 6765
// KEPT: warning: {{.*}}attribute{{.*}} ignored
#include <cstdio>
#include <sprig/sprig.h>
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

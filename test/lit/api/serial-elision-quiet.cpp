// The serial elision with <sprig/sprig.h> builds without a warning about the attributes:
// the header turns the unknown-attribute warning off where the compiler lacks the plugin
// (clang++: -Wunknown-attributes; g++: -Wattributes, g++ has no switch for one attribute
// namespace on statements). SPRIG_KEEP_ATTRIBUTE_WARNINGS keeps them; with sprig++ the
// attributes are Sprig's and the build is parallel. All three print the same.
// RUN: %clangxx -Wall -Wextra -Werror -I%sprig_inc %s -o %t.clang
// RUN: %t.clang | FileCheck %s
// RUN: %clangxx -Wall -DSPRIG_KEEP_ATTRIBUTE_WARNINGS -I%sprig_inc -fsyntax-only %s 2>&1 | FileCheck %s --check-prefix=KEPT
// RUN: %sprigxx -Wall -Wextra -Werror %s -o %t.par
// RUN: env SPRIG_NWORKERS=2 %t.par | FileCheck %s
// CHECK: fib(20) = 6765
// KEPT: warning: unknown attribute 'sprig::spawn' ignored
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

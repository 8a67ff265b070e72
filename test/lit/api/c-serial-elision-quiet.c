// The serial elision of C: gcc and plain clang build a C file with Sprig's attributes
// without a warning about them once it includes <sprig/sprig.h> (the header turns
// -Wattributes / -Wunknown-attributes off); without the header the documented flags are
// -Wno-attributes (gcc) and -Wno-unknown-attributes (clang). gcc 12 takes [[...]] in its
// default gnu17 and in -std=c2x, not in a strict -std=c11 or c17 (clang takes it in all).
// Same output as sprigcc's parallel build.
// REQUIRES: gcc
// RUN: %gcc -Wall -Wextra -Werror -I%sprig_inc %s -o %t.gcc
// RUN: %t.gcc | FileCheck %s
// RUN: %gcc -std=c2x -Wall -Wextra -Werror -I%sprig_inc -fsyntax-only %s
// RUN: %gcc -Wall -DSPRIG_KEEP_ATTRIBUTE_WARNINGS -I%sprig_inc -fsyntax-only %s 2>&1 | FileCheck %s --check-prefix=KEPT
// RUN: %gcc -Wall -Werror -Wno-attributes -DSPRIG_KEEP_ATTRIBUTE_WARNINGS -I%sprig_inc -fsyntax-only %s
// RUN: %clangc -std=c11 -Wall -Wextra -Werror -I%sprig_inc %s -o %t.clang
// RUN: %t.clang | FileCheck %s
// RUN: %clangc -std=c17 -Wall -Werror -Wno-unknown-attributes -DSPRIG_KEEP_ATTRIBUTE_WARNINGS -I%sprig_inc -fsyntax-only %s
// RUN: %sprigcc -Wall -Wextra -Werror -O2 %s -o %t.par
// RUN: env SPRIG_NWORKERS=2 %t.par | FileCheck %s
// CHECK: fib(20) = 6765
// KEPT: warning: {{.*}}attribute{{.*}} ignored
#include <sprig/sprig.h>
#include <stdio.h>

static long fib(int n) {
  if (n < 2)
    return n;
  long x, y;
  [[sprig::spawn]] x = fib(n - 1);
  y = fib(n - 2);
  [[sprig::sync]];
  return x + y;
}

int main(void) {
  printf("fib(20) = %ld\n", fib(20));
  return 0;
}

// The ways to ask for the measured build: sprig++ --scale (compile and link apart, too),
// and -fplugin-arg-sprig-scale for users of -fplugin; an unknown plugin argument is a
// clear error. The header compiles with g++ (and plain clang++): probes do nothing there.
// RUN: rm -rf %t && mkdir %t
// RUN: %sprigxx --scale -O2 -c %s -o %t/a.o
// RUN: %sprigxx --scale %t/a.o -o %t/a.out
// RUN: env SPRIG_SCALE_UNIT=instructions %t/a.out 2>&1 | FileCheck --check-prefix=MEASURED %s
// RUN: %sprigxx -O2 -fplugin-arg-sprig-scale %s -o %t/b.out
// RUN: env SPRIG_SCALE_UNIT=instructions %t/b.out 2>&1 | FileCheck --check-prefix=MEASURED %s
// RUN: not %sprigxx -O2 -fplugin-arg-sprig-bogus -c %s -o %t/c.o 2>&1 | FileCheck --check-prefix=BADARG %s
// RUN: %clangxx -O2 -Wno-unknown-attributes -I%sprig_inc %s -o %t/serial && %t/serial 2>&1 | FileCheck --check-prefix=SERIAL %s
// MEASURED: fib(20) = 6765
// MEASURED-NEXT: tag,work,span,parallelism,burdened_span,burdened_parallelism
// MEASURED-NEXT: fib,{{[0-9]+}},{{[0-9]+}},
// BADARG: error: unknown argument 'bogus' for the Sprig plugin; it takes '-fplugin-arg-sprig-scale'
// SERIAL: fib(20) = 6765
// SERIAL-NOT: tag
#include <cstdio>
#include <sprig/scale.h>

#include "Inputs/fib.h"

int main() {
  sprig::scale::probe p("fib");
  long r = fib(20);
  p.stop();
  std::printf("fib(20) = %ld\n", r);
  std::fflush(stdout);
}

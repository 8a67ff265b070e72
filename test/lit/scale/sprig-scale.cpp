// sprig-scale runs the --scale build once and the parallel build at P = 1..N, and
// writes the table (CSV and Markdown) and the plot (PNG). Misuse is a clear error.
// RUN: rm -rf %t && mkdir %t
// RUN: %sprigxx --scale -O2 %s -o %t/fib.scale
// RUN: %sprigxx -O2 %s -o %t/fib
// RUN: %sprig_scale -P 3 -r 1 -o %t/out %t/fib.scale %t/fib -- 25
// RUN: FileCheck --check-prefix=MD %s < %t/out.md
// RUN: FileCheck --check-prefix=CSV %s < %t/out.csv
// RUN: %python -c "import sys; d = open(sys.argv[1], 'rb').read(8); sys.exit(d != b'\x89PNG\r\n\x1a\n')" %t/out.png
// RUN: not %sprig_scale -P 2 %t/fib %t/fib.scale -- 20 2>&1 | FileCheck --check-prefix=ORDER %s
// RUN: not %sprig_scale %t/fib.scale 2>&1 | FileCheck --check-prefix=USAGE %s
// RUN: not %sprig_scale -P zero %t/fib.scale %t/fib 2>&1 | FileCheck --check-prefix=BADP %s
// MD: | region | work (s) | span (s) | parallelism | burdened parallelism | P=1 | P=2 | P=3 |
// MD: | fib25 | {{[0-9.e+-]+}} | {{[0-9.e+-]+}} | {{[0-9]+\.[0-9]}} | {{[0-9.]+}} | 1.00 ({{[0-9.]+}}-1.00) | {{[0-9.]+}} ({{[0-9.]+}}-2.00) | {{[0-9.]+}} ({{[0-9.]+}}-3.00) |
// MD: | program |
// CSV: tag,work,span,parallelism,burdened_span,burdened_parallelism,time_P1,time_P2,time_P3
// CSV-NEXT: fib25,
// CSV-NEXT: {{^}},
// ORDER: sprig-scale: error: {{.*}}did not write a work/span report: build it with sprig++ --scale
// USAGE: sprig-scale: error: give the --scale program and the parallel program
// USAGE-NEXT: usage: sprig-scale
// BADP: sprig-scale: error: -P takes an integer from 1 to 1024, not 'zero'
#include <cstdio>
#include <cstdlib>
#include <sprig/scale.h>
#include "Inputs/fib.h"

int main(int argc, char **argv) {
  int n = argc > 1 ? std::atoi(argv[1]) : 20;
  long r;
  {
    sprig::scale::probe p("fib25");
    r = fib(n);
  }
  std::printf("%ld\n", r);
}

// Where the report goes and in what unit.
// Measured build (--scale): stderr by default (seconds); SPRIG_SCALE_OUT names a file;
// a file that cannot be written is said, and the report goes to stderr (nothing lost);
// a bad SPRIG_SCALE_UNIT or SPRIG_SCALE_BURDEN is a clear warning and the default;
// SPRIG_SCALE_BURDEN=0 makes the burdened span the span.
// RUN: %sprigxx --scale -O2 %s -o %t.scale
// RUN: %t.scale 2> %t.err | FileCheck --check-prefix=OUT %s
// RUN: FileCheck --check-prefix=ERR %s < %t.err
// RUN: env SPRIG_SCALE_OUT=%t.nodir/x.csv %t.scale 2>&1 >/dev/null | FileCheck --check-prefix=NOFILE %s
// RUN: env SPRIG_SCALE_UNIT=minutes SPRIG_SCALE_BURDEN=-3 %t.scale 2>&1 >/dev/null | FileCheck --check-prefix=BADENV %s
// RUN: env SPRIG_SCALE_BURDEN=0 SPRIG_SCALE_UNIT=instructions SPRIG_SCALE_OUT=%t.b0.csv %t.scale
// RUN: %python %S/Inputs/csv_check.py %t.b0.csv 'r["work"]["span"] == r["work"]["burdened_span"]'
// Timed build (ordinary sprig++): the probes time their regions; the report (tag,time)
// is written only when SPRIG_SCALE_OUT asks for it.
// RUN: %sprigxx -O2 %s -o %t.par
// RUN: %t.par 2>&1 >/dev/null | FileCheck --check-prefix=QUIET --allow-empty %s
// RUN: env SPRIG_NWORKERS=2 SPRIG_SCALE_OUT=%t.timed.csv %t.par
// RUN: FileCheck --check-prefix=TIMED %s < %t.timed.csv
// OUT: 832040
// ERR: tag,work,span,parallelism,burdened_span,burdened_parallelism
// ERR-NEXT: work,{{[0-9.e+-]+}},{{[0-9.e+-]+}},{{[0-9.e+-]+}},{{[0-9.e+-]+}},{{[0-9.e+-]+$}}
// ERR-NEXT: {{^}},{{[0-9.e+-]+}},
// NOFILE: sprig: warning: cannot write the work/span report to SPRIG_SCALE_OUT='{{.*}}nodir/x.csv' ({{.*}}); writing it to standard error
// NOFILE-NEXT: tag,work,span,parallelism,burdened_span,burdened_parallelism
// NOFILE-NEXT: work,
// BADENV-DAG: sprig: warning: ignoring SPRIG_SCALE_UNIT='minutes': expected seconds or instructions; using seconds (the default)
// BADENV-DAG: sprig: warning: ignoring SPRIG_SCALE_BURDEN='-3': expected an integer from 0 to 1000000000 (instructions); using {{[0-9]+}} (the default)
// BADENV: tag,work,span,parallelism,burdened_span,burdened_parallelism
// QUIET-NOT: {{.}}
// TIMED: tag,time
// TIMED-NEXT: work,{{[0-9.e+-]+$}}
// TIMED-NEXT: {{^}},{{[0-9.e+-]+$}}
#include <cstdio>
#include <sprig/scale.h>

#include "Inputs/fib.h"

int main() {
  long r;
  {
    sprig::scale::probe p("work");
    r = fib(30);
  }
  std::printf("%ld\n", r);
}

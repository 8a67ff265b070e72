// The profiler on fib (sprig++ --scale, docs/scale.md): fib's parallelism grows like the
// hand count of fib's DAG (Inputs/fib_model.py: the strands of fib(n) as lowered, one
// unit each) for n = 2..20, within a factor of 1.5 at every n and step; fib(24) reports a
// parallelism over 50 (the acceptance); the answers are the serial elision's.
// RUN: %sprigxx --scale -O2 %s -o %t.scale
// RUN: %clangxx -O2 -Wno-unknown-attributes -I%sprig_inc %s -o %t.serial
// RUN: env SPRIG_SCALE_UNIT=instructions SPRIG_SCALE_OUT=%t.csv %t.scale > %t.out
// RUN: %t.serial | diff - %t.out
// RUN: %python %S/Inputs/csv_check.py %t.csv 'r["fib24"]["parallelism"] > 50'
// RUN: %python %S/Inputs/fib_model.py %t.csv 2 20 1.5
// And in seconds (the default unit): the same parallelism, positive times.
// RUN: env SPRIG_SCALE_OUT=%t.s.csv %t.scale > /dev/null
// RUN: %python %S/Inputs/csv_check.py %t.s.csv 'r["fib24"]["parallelism"] > 50' 'r["fib24"]["work"] > 0'
#include <cstdio>
#include <sprig/scale.h>
#include <string>

#include "Inputs/fib.h"

int main() {
  for (int n = 2; n <= 24; n += (n < 20 ? 1 : 4)) {
    std::string tag = "fib" + std::to_string(n);
    long r;
    {
      sprig::scale::probe p(tag.c_str());
      r = fib(n);
    }
    std::printf("fib(%d) = %ld\n", n, r);
  }
}

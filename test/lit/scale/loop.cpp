// A parallel loop of n equal iterations ([[sprig::parallel_for]]): its parallelism is
// bounded by its leaves, n / grain, and comes close to it when iterations are long:
// grain 1 over 64 iterations gives 40..64; the default grain (min(2048, n / 8P)) over
// 100,000 short iterations gives at most 2n/2048 (the driver halves a range until it is
// at most the grain: 64 leaves of 1,563 here); a serial for loop of
// the same iterations, 1. The figures do not depend on SPRIG_NWORKERS (the grain of a
// measured run uses the CPUs).
// RUN: %sprigxx --scale -O2 %s -o %t.scale
// RUN: %clangxx -O2 -Wno-unknown-attributes -I%sprig_inc %s -o %t.serial
// RUN: env SPRIG_SCALE_UNIT=instructions SPRIG_SCALE_OUT=%t.csv %t.scale > %t.out
// RUN: %t.serial | diff - %t.out
// RUN: %python %S/Inputs/csv_check.py %t.csv '40 <= r["grain1"]["parallelism"] <= 64' '20 <= r["default"]["parallelism"] <= 2 * 100000 / 2048' 'r["serial"]["parallelism"] < 1.01'
// RUN: env SPRIG_NWORKERS=7 SPRIG_SCALE_UNIT=instructions SPRIG_SCALE_OUT=%t.7.csv %t.scale > /dev/null
// RUN: diff %t.csv %t.7.csv
#include <cstdio>
#include <sprig/scale.h>
#include <vector>

__attribute__((noinline)) long body(long i, long len) {
  long s = i;
  for (long k = 0; k < len; ++k)
    s = s * 31 + k;
  return s;
}

int main() {
  std::vector<long> a(100000);
  {
    sprig::scale::probe p("grain1");
    [[sprig::parallel_for]] [[sprig::grainsize(1)]] for (int i = 0; i < 64; ++i)
      a[i] = body(i, 100000);
  }
  {
    sprig::scale::probe p("default");
    [[sprig::parallel_for]] for (long i = 0; i < 100000; ++i)
      a[i] += body(i, 50);
  }
  {
    sprig::scale::probe p("serial");
    for (long i = 0; i < 100000; ++i)
      a[i] += body(i, 50);
  }
  long h = 0;
  for (long x : a)
    h = h * 7 + x;
  std::printf("%ld\n", h);
}

// OpenCilk's reducer variables, T cilk_reducer(I, R) x [= init];, become
// [[sprig::reducer(I, R)]] T x [= init]; at namespace scope (an array too) and as
// locals.
// RUN: %sprig_port %s > %t.cpp
// RUN: FileCheck %s --check-prefix=OUT < %t.cpp
// RUN: %run_opts %t.cpp %t -I%sprig_inc | FileCheck %s
// OUT: {{^}}{{\[\[}}sprig::reducer(zero, plus)]] long total = 0;{{$}}
// OUT: {{^}}{{\[\[}}sprig::reducer(hzero, hplus)]] long hist[4];{{$}}
// OUT: {{^}}  {{\[\[}}sprig::reducer(zero, plus)]] long local;{{$}}
// CHECK: 4950 328350 25 25 25 25
#include <cilk/cilk.h>
#include <cstdio>

void zero(void *v) { *static_cast<long *>(v) = 0; }
void plus(void *l, void *r) { *static_cast<long *>(l) += *static_cast<long *>(r); }

long cilk_reducer(zero, plus) total = 0;

void hzero(void *v) {
  for (int i = 0; i < 4; ++i)
    static_cast<long *>(v)[i] = 0;
}
void hplus(void *l, void *r) {
  for (int i = 0; i < 4; ++i)
    static_cast<long *>(l)[i] += static_cast<long *>(r)[i];
}
long cilk_reducer(hzero, hplus) hist[4];

void walk(long lo, long hi) {
  if (hi - lo == 1) {
    total += lo;
    hist[lo % 4]++;
    return;
  }
  long mid = (lo + hi) / 2;
  cilk_spawn walk(lo, mid);
  walk(mid, hi);
  cilk_sync;
}

int main() {
  walk(0, 100);
  long cilk_reducer(zero, plus) local;
  local = 0;
  cilk_for (long i = 0; i < 100; ++i)
    local += i * i;
  std::printf("%ld %ld %ld %ld %ld %ld\n", total, local, hist[0], hist[1], hist[2], hist[3]);
}

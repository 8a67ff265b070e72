// OpenCilk's reducer variables, T cilk_reducer(I, R) x [= init];, become
// [[sprig::reducer(I, R)]] T x [= init]; at namespace scope and as locals.
// RUN: %sprig_port %s > %t.cpp
// RUN: FileCheck %s --check-prefix=OUT < %t.cpp
// RUN: %run_opts %t.cpp %t -I%sprig_inc | FileCheck %s
// OUT: {{^}}{{\[\[}}sprig::reducer(zero, plus)]] long total = 0;{{$}}
// OUT: {{^}}  {{\[\[}}sprig::reducer(zero, plus)]] long local;{{$}}
// CHECK: 4950 328350
#include <cilk/cilk.h>
#include <cstdio>

void zero(void *v) { *static_cast<long *>(v) = 0; }
void plus(void *l, void *r) { *static_cast<long *>(l) += *static_cast<long *>(r); }

long cilk_reducer(zero, plus) total = 0;

void walk(long lo, long hi) {
  if (hi - lo == 1) {
    total += lo;
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
  std::printf("%ld %ld\n", total, local);
}

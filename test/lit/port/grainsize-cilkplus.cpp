// Cilk Plus's #pragma cilk grainsize = N before a cilk_for becomes
// [[sprig::grainsize(N)]] after [[sprig::parallel_for]], and the pragma's line goes.
// RUN: %sprig_port %s > %t.cpp
// RUN: FileCheck %s --check-prefix=OUT < %t.cpp
// RUN: %run_opts %t.cpp %t -I%sprig_inc | FileCheck %s
// OUT-NOT: {{^}} *#pragma cilk
// OUT: {{^}}  {{\[\[}}sprig::parallel_for]] {{\[\[}}sprig::grainsize(8)]] for (int i = 0; i < 64; ++i){{$}}
// CHECK: 2016
#include <cilk/cilk.h>
#include <cstdio>

int main() {
  int a[64];
#pragma cilk grainsize = 8
  cilk_for (int i = 0; i < 64; ++i)
    a[i] = i;
  long s = 0;
  for (int v : a)
    s += v;
  std::printf("%ld\n", s);
}

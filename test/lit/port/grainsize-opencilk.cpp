// OpenCilk's #pragma cilk grainsize N before a cilk_for becomes [[sprig::grainsize(N)]]
// after [[sprig::parallel_for]], and the pragma's line goes (its indentation too).
// RUN: %sprig_port %s > %t.cpp
// RUN: FileCheck %s --check-prefix=OUT < %t.cpp
// RUN: %run_opts %t.cpp %t -I%sprig_inc | FileCheck %s
// OUT-NOT: {{^}} *#pragma cilk
// OUT: {{^}}  // four iterations a leaf{{$}}
// OUT-NEXT: {{^}}  {{\[\[}}sprig::parallel_for]] {{\[\[}}sprig::grainsize(4)]] for (int i = 0; i < 100; ++i){{$}}
// OUT: {{^}}  {{\[\[}}sprig::parallel_for]] {{\[\[}}sprig::grainsize(n / 10)]] for (int i = 0; i < n; ++i) a[i] += 1;{{$}}
// CHECK: 10200
#include <cilk/cilk.h>
#include <cstdio>

int main() {
  int a[100], n = 100;
  // four iterations a leaf
  #pragma cilk grainsize 4
  cilk_for (int i = 0; i < 100; ++i)
    a[i] = 2 * i;
#pragma cilk grainsize(n / 10)
  cilk_for (int i = 0; i < n; ++i) a[i] += 1;
  long s = 0;
  for (int v : a)
    s += v;
  std::printf("%ld\n", s + 200);
}

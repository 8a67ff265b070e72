// cilk_sync; becomes [[sprig::sync]]; the keyword in a comment or a string stays.
// RUN: %sprig_port %s > %t.cpp
// RUN: FileCheck %s --check-prefix=OUT < %t.cpp
// RUN: %run_opts %t.cpp %t -I%sprig_inc | FileCheck %s
// OUT: {{^}}  {{\[\[}}sprig::sync]];  // cilk_sync waits{{$}}
// OUT: {{^}}  std::puts("cilk_sync;");{{$}}
// CHECK: 1 2
// CHECK-NEXT: cilk_sync;
#include <cilk/cilk.h>
#include <cstdio>

void set(long *p, long v) { *p = v; }

int main() {
  long a, b;
  cilk_spawn set(&a, 1);
  cilk_spawn set(&b, 2);
  cilk_sync;  // cilk_sync waits
  std::printf("%ld %ld\n", a, b);
  std::puts("cilk_sync;");
}

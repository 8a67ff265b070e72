// cilk_spawn f(args); becomes [[sprig::spawn]] f(args); and the converted program builds
// with sprig++ and gives the serial elision's output at P = 1, 2, 4, 8.
// RUN: %sprig_port %s > %t.cpp 2> %t.err
// RUN: count 0 < %t.err
// RUN: FileCheck %s --check-prefix=OUT < %t.cpp
// RUN: %run_opts %t.cpp %t -I%sprig_inc | FileCheck %s
// OUT: {{^}}  {{\[\[}}sprig::spawn]] count(t, n - 1);{{$}}
// OUT: {{^}}  {{\[\[}}sprig::sync]];{{$}}
// CHECK: total 1023
#include <cilk/cilk.h>
#include <atomic>
#include <cstdio>

void count(std::atomic<long> &t, int n) {
  t += 1;
  if (n == 0)
    return;
  cilk_spawn count(t, n - 1);
  count(t, n - 1);
  cilk_sync;
}

int main() {
  std::atomic<long> t{0};
  count(t, 9);
  std::printf("total %ld\n", t.load());
}

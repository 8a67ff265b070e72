// A spawned block, cilk_spawn { ... }, becomes [[sprig::spawn]] { ... }; the converted
// program builds with sprig++ and gives the serial elision's output at P = 1, 2, 4, 8.
// RUN: %sprig_port %s > %t.cpp 2> %t.err
// RUN: count 0 < %t.err
// RUN: FileCheck %s --check-prefix=OUT < %t.cpp
// RUN: %run_opts %t.cpp %t -I%sprig_inc | FileCheck %s
// OUT: {{^}}  {{\[\[}}sprig::spawn]] { x = fib(20); }{{$}}
// OUT: {{^}}  {{\[\[}}sprig::sync]];{{$}}
// CHECK: 6765 4181
#include <cilk/cilk.h>
#include <cstdio>

long fib(int n) { return n < 2 ? n : fib(n - 1) + fib(n - 2); }

int main() {
  long x, y;
  cilk_spawn { x = fib(20); }
  cilk_spawn {
    long t = fib(19);
    y = t;
  }
  cilk_sync;
  std::printf("%ld %ld\n", x, y);
}

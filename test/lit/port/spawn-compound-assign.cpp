// x op= cilk_spawn f(args); (any compound assignment) becomes [[sprig::spawn]] x op=
// f(args);: the call is the child and the update runs in it when the call returns, as
// in OpenCilk. The result runs as the serial elision does.
// RUN: %sprig_port %s > %t.cpp
// RUN: FileCheck %s --check-prefix=OUT < %t.cpp
// RUN: %run_opts %t.cpp %t -I%sprig_inc | FileCheck %s
// OUT: {{^}}  {{\[\[}}sprig::spawn]] x += fib(n - 1);{{$}}
// OUT: {{^}}  {{\[\[}}sprig::spawn]] r[0] *= fib(n - 2);{{$}}
// OUT: {{^}}  {{\[\[}}sprig::spawn]] m ^= fib(n - 3);{{$}}
// CHECK: fib(24) = 46368
#include <cilk/cilk.h>
#include <cstdio>

long fib(int n) {
  if (n < 3)
    return n < 2 ? n : 1;
  long x = 0, r[1] = {1}, m = 0;
  x += cilk_spawn fib(n - 1);
  r[0] *= cilk_spawn fib(n - 2);
  m ^= cilk_spawn fib(n - 3);
  cilk_sync;
  return x + r[0] + 0 * m;
}

int main() { std::printf("fib(24) = %ld\n", fib(24)); }

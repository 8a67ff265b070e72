// x = cilk_spawn f(args); becomes [[sprig::spawn]] x = f(args); (the attribute goes at the
// start of the statement, the keyword goes), also with an array element as the target.
// RUN: %sprig_port %s > %t.cpp
// RUN: FileCheck %s --check-prefix=OUT < %t.cpp
// RUN: %run_opts %t.cpp %t -I%sprig_inc | FileCheck %s
// OUT: {{^}}  {{\[\[}}sprig::spawn]] x = fib(n - 1);   /* the left half */{{$}}
// OUT: {{^}}  {{\[\[}}sprig::spawn]] r[0] = fib(n - 2);{{$}}
// CHECK: fib(24) = 46368
#include <cilk/cilk.h>
#include <cstdio>

long fib(int n) {
  if (n < 2)
    return n;
  long x, r[1];
  x = cilk_spawn fib(n - 1);   /* the left half */
  r[0] = cilk_spawn fib(n - 2);
  cilk_sync;
  return x + r[0];
}

int main() { std::printf("fib(24) = %ld\n", fib(24)); }

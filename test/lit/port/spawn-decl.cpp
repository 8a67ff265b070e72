// T x = cilk_spawn f(args); becomes [[sprig::spawn]] T x = f(args); with a class type and
// template arguments in T too.
// RUN: %sprig_port %s > %t.cpp
// RUN: FileCheck %s --check-prefix=OUT < %t.cpp
// RUN: %run_opts %t.cpp %t -I%sprig_inc | FileCheck %s
// OUT: {{^}}  {{\[\[}}sprig::spawn]] long x = fib(n - 1);{{$}}
// OUT: {{^}}  {{\[\[}}sprig::spawn]] std::vector<long> v = squares(n);{{$}}
// CHECK: 6765 285
#include <cilk/cilk.h>
#include <cstdio>
#include <vector>

long fib(int n) {
  if (n < 2)
    return n;
  long x = cilk_spawn fib(n - 1);
  long y = fib(n - 2);
  cilk_sync;
  return x + y;
}

std::vector<long> squares(int n) {
  std::vector<long> v;
  for (long i = 0; i < n; ++i)
    v.push_back(i * i);
  return v;
}

long sumsq(int n) {
  std::vector<long> v = cilk_spawn squares(n);
  cilk_sync;
  long s = 0;
  for (long x : v)
    s += x;
  return s;
}

int main() { std::printf("%ld %ld\n", fib(20), sumsq(10)); }

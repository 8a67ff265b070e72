// The underlying keywords _Cilk_spawn, _Cilk_sync and _Cilk_for convert as cilk_spawn,
// cilk_sync and cilk_for do.
// RUN: %sprig_port %s > %t.cpp
// RUN: FileCheck %s --check-prefix=OUT < %t.cpp
// RUN: %run_opts %t.cpp %t -I%sprig_inc | FileCheck %s
// OUT: {{^}}  {{\[\[}}sprig::spawn]] x = fib(n - 1);{{$}}
// OUT: {{^}}  {{\[\[}}sprig::sync]];{{$}}
// OUT: {{^}}  {{\[\[}}sprig::parallel_for]] for (int i = 0; i < 8; ++i){{$}}
// OUT-NOT: _Cilk_
// CHECK: 610 0 1 4 9 16 25 36 49
#include <cstdio>

long fib(int n) {
  if (n < 2)
    return n;
  long x, y;
  x = _Cilk_spawn fib(n - 1);
  y = fib(n - 2);
  _Cilk_sync;
  return x + y;
}

int main() {
  long sq[8];
  _Cilk_for (int i = 0; i < 8; ++i)
    sq[i] = long(i) * i;
  std::printf("%ld", fib(15));
  for (long v : sq)
    std::printf(" %ld", v);
  std::printf("\n");
}

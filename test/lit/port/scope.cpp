// cilk_scope { ... } (and _Cilk_scope) becomes [[sprig::scope]] { ... }; the converted
// program builds with sprig++ and gives the serial elision's output at P = 1, 2, 4, 8.
// RUN: %sprig_port %s > %t.cpp 2> %t.err
// RUN: count 0 < %t.err
// RUN: FileCheck %s --check-prefix=OUT < %t.cpp
// RUN: %run_opts %t.cpp %t -I%sprig_inc | FileCheck %s
// OUT: {{^}}    {{\[\[}}sprig::scope]] {{{$}}
// OUT-NEXT: {{^}}      {{\[\[}}sprig::spawn]] set(&r[i], i);{{$}}
// OUT: {{^}}  {{\[\[}}sprig::scope]] { {{\[\[}}sprig::spawn]] set(&a, 7); }{{$}}
// CHECK: 0 1 2 3 7
#include <cilk/cilk.h>
#include <cstdio>

void set(long *p, long v) { *p = v; }

int main() {
  long r[4], a;
  for (int i = 0; i < 4; ++i) {
    cilk_scope {
      cilk_spawn set(&r[i], i);
    }
    if (r[i] != i)
      std::printf("not synced\n");
  }
  _Cilk_scope { cilk_spawn set(&a, 7); }
  std::printf("%ld %ld %ld %ld %ld\n", r[0], r[1], r[2], r[3], a);
}

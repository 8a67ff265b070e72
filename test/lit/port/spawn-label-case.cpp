// A spawn after a label or a case converts like any other statement (the attribute after
// the ':'); a ':' of the conditional operator is not a label (leftover-spawn-expression).
// RUN: %sprig_port %s > %t.cpp
// RUN: FileCheck %s --check-prefix=OUT < %t.cpp
// RUN: %run_opts %t.cpp %t -I%sprig_inc | FileCheck %s
// OUT: {{^}}    case 1: {{\[\[}}sprig::spawn]] r[k] = sq(k); break;{{$}}
// OUT: {{^}}    default: {{\[\[}}sprig::spawn]] set(r, k);{{$}}
// OUT: {{^}}again: {{\[\[}}sprig::spawn]] set(r, 3);{{$}}
// CHECK: 0 1 0 3
#include <cilk/cilk.h>
#include <cstdio>

long sq(long v) { return v * v; }
void set(long *r, int k) { r[k] = k % 2; }

int main() {
  long r[4] = {9, 9, 9, 9};
  for (int k = 0; k < 3; ++k) {
    switch (k % 2) {
    case 1: r[k] = cilk_spawn sq(k); break;
    default: cilk_spawn set(r, k);
    }
  }
again: cilk_spawn set(r, 3);
  cilk_sync;
  if (r[3] == 1)
    r[3] = 3;
  else
    goto again;
  std::printf("%ld %ld %ld %ld\n", r[0], r[1], r[2], r[3]);
}

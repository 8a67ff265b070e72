// A spawn that is the brace-less body of an if, else, for or while gets braces around
// it, so the attribute starts a statement of its own block:
//   if (c) x = cilk_spawn f();  ->  if (c) { [[sprig::spawn]] x = f(); }
// RUN: %sprig_port %s > %t.cpp
// RUN: FileCheck %s --check-prefix=OUT < %t.cpp
// RUN: %run_opts %t.cpp %t -I%sprig_inc | FileCheck %s
// OUT: {{^}}  if (n > 20) { {{\[\[}}sprig::spawn]] a = f(n - 1); } else { {{\[\[}}sprig::spawn]] a = f(n - 2); }{{$}}
// OUT: {{^}}  for (int i = 0; i < 4; ++i){{$}}
// OUT-NEXT: {{^}}    { {{\[\[}}sprig::spawn]] work(out, i); }{{$}}
// OUT: {{^}}  while (k-- > 0) { {{\[\[}}sprig::spawn]] work(out, 4 + k); }{{$}}
// OUT: {{^}}  if (n > 0) { {{\[\[}}sprig::sync]]; }{{$}}
// CHECK: 46368 0 1 4 9 16 25
#include <cilk/cilk.h>
#include <cstdio>

long f(int n) { return n < 2 ? n : f(n - 1) + f(n - 2); }
void work(long *out, int i) { out[i] = long(i) * i; }

int main() {
  int n = 25;
  long a = 0, out[6];
  if (n > 20) a = cilk_spawn f(n - 1); else a = cilk_spawn f(n - 2);
  for (int i = 0; i < 4; ++i)
    cilk_spawn work(out, i);
  int k = 2;
  while (k-- > 0) cilk_spawn work(out, 4 + k);
  if (n > 0) cilk_sync;
  std::printf("%ld %ld %ld %ld %ld %ld %ld\n", a, out[0], out[1], out[2], out[3], out[4], out[5]);
}

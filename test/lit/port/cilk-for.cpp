// cilk_for (...) becomes [[sprig::parallel_for]] for (...), with a braced or a brace-less
// body, nested, counting down, with an iterator.
// RUN: %sprig_port %s > %t.cpp
// RUN: FileCheck %s --check-prefix=OUT < %t.cpp
// RUN: %run_opts %t.cpp %t -I%sprig_inc | FileCheck %s
// OUT: {{^}}  {{\[\[}}sprig::parallel_for]] for (long i = 0; i < n; ++i) {{{$}}
// OUT: {{^}}    {{\[\[}}sprig::parallel_for]] for (long j = 0; j < n; ++j){{$}}
// OUT: {{^}}  {{\[\[}}sprig::parallel_for]] for (int i = n - 1; i >= 0; i--) down[i] = i;{{$}}
// OUT: {{^}}  {{\[\[}}sprig::parallel_for]] for (auto it = v.begin(); it != v.end(); ++it){{$}}
// CHECK: 1102 15 30
#include <cilk/cilk.h>
#include <cstdio>
#include <vector>

int main() {
  const long n = 6;
  long m[n][n];
  cilk_for (long i = 0; i < n; ++i) {
    cilk_for (long j = 0; j < n; ++j)
      m[i][j] = (i + 1) * (j + 1) * 5;
  }
  long down[n];
  cilk_for (int i = n - 1; i >= 0; i--) down[i] = i;
  std::vector<long> v(n, 1);
  cilk_for (auto it = v.begin(); it != v.end(); ++it)
    *it = 5;
  long s = 0, d = 0, t = 0;
  for (long i = 0; i < n; ++i) {
    d += down[i];
    t += v[i];
    for (long j = 0; j < n; ++j)
      s += m[i][j];
  }
  std::printf("%ld %ld %ld\n", s / 2, d, t);
}

// The old reducer wrappers' operators are rewritten only where the variable declared
// with the old name is in scope: its block, the body of the function it is a parameter
// of, the rest of the file at namespace scope. Another variable of the same name
// elsewhere stays as it is.
// RUN: %sprig_port %s > %t.cpp
// RUN: FileCheck %s --check-prefix=OUT < %t.cpp
// RUN: %run_opts %t.cpp %t -I%sprig_inc | FileCheck %s
// OUT: {{^}}void add(sprig::reducer<sprig::op_add<long>> &acc, long v) { *acc += v; }{{$}}
// OUT: {{^}}long twice(long acc) { acc += acc; return acc; }{{$}}
// OUT: {{^}}    *sum += 1;{{$}}
// OUT: {{^}}  sum += 2;{{$}}
// OUT: {{^}}    (*g)++;{{$}}
// CHECK: 1 2 4 10
#include <cilk/cilk.h>
#include <cilk/reducer_opadd.h>
#include <cstdio>

void add(cilk::reducer_opadd<long> &acc, long v) { acc += v; }
long twice(long acc) { acc += acc; return acc; }
cilk::reducer_opadd<long> g;

int main() {
  long one;
  {
    cilk::reducer_opadd<long> sum;
    sum += 1;
    one = sum.get_value();
  }
  long sum = 0;
  sum += 2;
  cilk_for (int i = 0; i < 10; ++i) {
    add(g, 0);
    g++;
  }
  std::printf("%ld %ld %ld %ld\n", one, sum, twice(2), g.get_value());
}

// The reducer library's types, cilk::reducer<cilk::op_*<T>>, become
// sprig::reducer<sprig::op_*<T>>; *r, r-> and get_value() stay as they are.
// RUN: %sprig_port %s > %t.cpp
// RUN: FileCheck %s --check-prefix=OUT < %t.cpp
// RUN: %run_opts %t.cpp %t -I%sprig_inc | FileCheck %s
// OUT: {{^}}#include <sprig/reducer.h>{{$}}
// OUT: {{^}}  sprig::reducer<sprig::op_add<long>> sum;{{$}}
// OUT: {{^}}  sprig::reducer<sprig::op_list_append<int>> order;{{$}}
// OUT: {{^}}  sprig::reducer< sprig::op_max<long> > big;{{$}}
// OUT-NOT: cilk::
// CHECK: 4950 100 99 0 1 2 3
#include <cilk/cilk.h>
#include <cilk/reducer.h>
#include <cilk/reducer_list.h>
#include <cstdio>

int main() {
  cilk::reducer<cilk::op_add<long>> sum;
  cilk::reducer<cilk::op_list_append<int>> order;
  cilk::reducer< cilk::op_max<long> > big;
  cilk_for (int i = 0; i < 100; ++i) {
    *sum += i;
    order->push_back(i);
    if (*big < i)
      *big = i;
  }
  std::printf("%ld %zu %ld", sum.get_value(), order->size(), *big);
  int k = 0;
  for (int v : order.get_value())
    if (k++ < 4)
      std::printf(" %d", v);
  std::printf("\n");
}

// Cilk Plus's old reducer names, cilk::reducer_opadd<T> and the rest, become
// sprig::reducer<sprig::op_*<...>>, and the old wrappers' operators on a variable declared
// with one of them become operations on its view: r += v -> *r += v, ++r -> ++*r,
// r++ -> (*r)++, r.push_back(v) -> r->push_back(v); get_value() stays.
// RUN: %sprig_port %s > %t.cpp
// RUN: FileCheck %s --check-prefix=OUT < %t.cpp
// RUN: %run_opts %t.cpp %t -I%sprig_inc | FileCheck %s
// OUT: {{^}}#include <sprig/reducer.h>{{$}}
// OUT-NOT: #include <sprig/reducer.h>
// OUT: {{^}}  sprig::reducer<sprig::op_add<long>> sum;{{$}}
// OUT: {{^}}  sprig::reducer<sprig::op_add<long>> count;{{$}}
// OUT: {{^}}  sprig::reducer<sprig::op_list_append<int>> evens;{{$}}
// OUT: {{^}}  sprig::reducer<sprig::op_vector<std::pair<int, int>>> pairs;{{$}}
// OUT: {{^}}  sprig::reducer<sprig::op_string> text;{{$}}
// OUT: {{^}}  sprig::reducer<sprig::op_mul<double>> prod;{{$}}
// OUT: {{^}}    *sum += i;{{$}}
// OUT: {{^}}    ++*count;{{$}}
// OUT: {{^}}    (*count)++;{{$}}
// OUT: {{^}}      evens->push_back(i);{{$}}
// OUT: {{^}}    pairs->push_back({i, -i});{{$}}
// OUT: {{^}}    *prod *= 1.5;{{$}}
// OUT: {{^}}      text->append("x");{{$}}
// CHECK: 780 80 20 40 10 2216.8378200531006 0:0 39:-39
#include <cilk/cilk.h>
#include <cilk/reducer_opadd.h>
#include <cilk/reducer_list.h>
#include <cilk/reducer_vector.h>
#include <cilk/reducer_string.h>
#include <cilk/reducer_opmul.h>
#include <cstdio>
#include <utility>

int main() {
  cilk::reducer_opadd<long> sum;
  cilk::reducer_opadd<long> count;
  cilk::reducer_list_append<int> evens;
  cilk::reducer_vector<std::pair<int, int>> pairs;
  cilk::reducer_string text;
  cilk::reducer_opmul<double> prod;
  cilk_for (int i = 0; i < 40; ++i) {
    sum += i;
    ++count;
    count++;
    if (i % 2 == 0)
      evens.push_back(i);
    pairs.push_back({i, -i});
    if (i < 19)
      prod *= 1.5;
    if (i % 4 == 0)
      text.append("x");
  }
  std::printf("%ld %ld %zu %zu %zu %.17g %d:%d %d:%d\n", sum.get_value(), count.get_value(),
              evens.get_value().size(), pairs.get_value().size(), text.get_value().size(),
              prod.get_value(), pairs.get_value().front().first,
              pairs.get_value().front().second, pairs.get_value().back().first,
              pairs.get_value().back().second);
}

// The old reducer_min/reducer_max wrappers' calc_min/calc_max stay and are reported
// (write *r = std::min(*r, v)); the type converts. Exit status 1.
// RUN: %expect_exit 1 %sprig_port %s > %t.cpp 2> %t.err
// RUN: FileCheck %s --check-prefix=ERR < %t.err
// RUN: FileCheck %s --check-prefix=OUT < %t.cpp
// ERR: leftover-legacy-calc.cpp:[[@LINE+5]]: lo.calc_min(v): write *lo = std::min(*lo, v) (Sprig's op_min/op_max reducers have no calc_*)
// OUT: {{^}}sprig::reducer<sprig::op_min<int>> lo;{{$}}
#include <cilk/reducer_min.h>
cilk::reducer_min<int> lo;
void see(int v) {
  lo.calc_min(v);
}

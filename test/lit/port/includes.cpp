// Cilk's headers map to Sprig's: <cilk/cilk.h> and <cilk/cilk_api.h> to <sprig/sprig.h>,
// the reducer headers (OpenCilk's and Cilk Plus's) to <sprig/reducer.h>; a line that
// would repeat a header already included goes, the rest of the file stays.
// RUN: %sprig_port %s > %t.cpp
// RUN: FileCheck %s --check-prefix=OUT --match-full-lines < %t.cpp
// RUN: %run_opts %t.cpp %t -I%sprig_inc | FileCheck %s
// OUT: #include <sprig/sprig.h>
// OUT-NEXT: #include <vector>
// OUT-NEXT: #include <sprig/reducer.h> // the sums
// OUT-NEXT: #include <cstdio>
// OUT-EMPTY:
// OUT-NEXT: int main() {
// CHECK: 45
#include <cilk/cilk.h>
#include <cilk/cilk_api.h>
#include <vector>
#include "cilk/opadd_reducer.h" // the sums
#include <cilk/reducer_opadd.h>
#include <cstdio>

int main() {
  cilk::reducer<cilk::op_add<int>> s;
  cilk_for (int i = 0; i < 10; ++i) *s += i;
  std::printf("%d\n", s.get_value());
}

// A cilk_for Sprig's parallel loop cannot take stays and is reported: over a range,
// without a variable declared in its header, with two, with a header that does not
// parse; the grainsize pragma before a non-loop too. The good loop converts. Exit status 1.
// RUN: %expect_exit 1 %sprig_port %s > %t.cpp 2> %t.err
// RUN: FileCheck %s --check-prefix=ERR < %t.err
// RUN: FileCheck %s --check-prefix=OUT < %t.cpp
// ERR: leftover-cilk-for.cpp:[[@LINE+12]]: cilk_for over a range: Sprig's parallel loop is not range-based; iterate over an index or iterator
// ERR-NEXT: leftover-cilk-for.cpp:[[@LINE+12]]: cilk_for without a loop variable declared in its header: Sprig's parallel loop owns its variable; declare it there
// ERR-NEXT: leftover-cilk-for.cpp:[[@LINE+12]]: cilk_for whose header cannot be parsed: convert the loop by hand
// ERR-NEXT: leftover-cilk-for.cpp:[[@LINE+12]]: cilk_for with more than one variable in its header: Sprig's parallel loop has one; compute the others from it in the body
// ERR-NEXT: leftover-cilk-for.cpp:[[@LINE+12]]: #pragma cilk grainsize not directly before a cilk_for (or without a value)
// ERR-NOT: leftover-cilk-for.cpp
// OUT: {{^}}  cilk_for (int x : v) g(x);{{$}}
// OUT: {{^}}  {{\[\[}}sprig::parallel_for]] for (int k = 0; k < 3; ++k) g(k);{{$}}
#include <cilk/cilk.h>
#include <vector>
void g(int);
void h(std::vector<int> &v, int i) {
  cilk_for (int x : v) g(x);
  cilk_for (i = 0; i < 3; ++i) g(i);
  cilk_for (int j = 0; j < 3) g(j);
  cilk_for (int a = 0, b = 1; a < 3; ++a) g(a + b);
#pragma cilk grainsize 8
  g(1);
  cilk_for (int k = 0; k < 3; ++k) g(k);
}

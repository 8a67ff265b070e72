// A _Cilk_ keyword sprig-port does not convert (_Cilk_future, ...) stays and is reported
// (_Cilk_scope is converted, as cilk_scope); #include <cilk/cilkscale.h> is reported with
// Sprig's profiler to use instead. Exit status 1.
// RUN: %expect_exit 1 %sprig_port %s > %t.cpp 2> %t.err
// RUN: FileCheck %s --check-prefix=ERR < %t.err
// RUN: FileCheck %s --check-prefix=OUT < %t.cpp
// ERR: leftover-cilk-keywords.cpp:[[@LINE+5]]: #include <cilk/cilkscale.h>: Cilkscale's probes are Sprig's sprig::scale::probe (<sprig/scale.h>, sprig++ --scale, docs/scale.md)
// ERR-NEXT: leftover-cilk-keywords.cpp:[[@LINE+10]]: _Cilk_future: a Cilk keyword sprig-port does not convert; convert it by hand (docs/porting.md)
// ERR-NOT: leftover-cilk-keywords.cpp
// OUT: {{^}}  {{\[\[}}sprig::scope]] {{{$}}
// OUT-NEXT: {{^}}    {{\[\[}}sprig::spawn]] f();{{$}}
#include <cilk/cilkscale.h>
void f();
void g() {
  _Cilk_scope {
    _Cilk_spawn f();
  }
  _Cilk_future f();
}

// A _Cilk_ keyword sprig-port does not convert (_Cilk_scope, and any other) stays and is
// reported; #include <cilk/cilkscale.h> is reported with Sprig's profiler to use
// instead. Exit status 1.
// RUN: %expect_exit 1 %sprig_port %s > %t.cpp 2> %t.err
// RUN: FileCheck %s --check-prefix=ERR < %t.err
// RUN: FileCheck %s --check-prefix=OUT < %t.cpp
// ERR: leftover-cilk-keywords.cpp:[[@LINE+6]]: #include <cilk/cilkscale.h>: Cilkscale's probes are Sprig's sprig::scale::probe (<sprig/scale.h>, sprig++ --scale, docs/scale.md)
// ERR-NEXT: leftover-cilk-keywords.cpp:[[@LINE+8]]: _Cilk_scope: Sprig's {{\[\[}}sprig::scope]] is not implemented yet
// ERR-NEXT: leftover-cilk-keywords.cpp:[[@LINE+10]]: _Cilk_future: a Cilk keyword sprig-port does not convert; convert it by hand (docs/porting.md)
// ERR-NOT: leftover-cilk-keywords.cpp
// OUT: {{^}}  _Cilk_scope {{{$}}
// OUT-NEXT: {{^}}    {{\[\[}}sprig::spawn]] f();{{$}}
#include <cilk/cilkscale.h>
void f();
void g() {
  _Cilk_scope {
    _Cilk_spawn f();
  }
  _Cilk_future f();
}

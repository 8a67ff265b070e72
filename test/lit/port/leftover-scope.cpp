// cilk_scope stays (Sprig's [[sprig::scope]] is not implemented yet) and is reported
// with what to do instead; the spawns and syncs around it are still converted, and the
// exit status is 1.
// RUN: %expect_exit 1 %sprig_port %s > %t.cpp 2> %t.err
// RUN: FileCheck %s --check-prefix=ERR < %t.err
// RUN: FileCheck %s --check-prefix=OUT < %t.cpp
// ERR: leftover-scope.cpp:[[@LINE+7]]: cilk_scope: Sprig's {{\[\[}}sprig::scope]] is not implemented yet; move the block into a function of its own
// ERR-NOT: leftover-scope.cpp
// OUT: {{^}}  cilk_scope {{{$}}
// OUT-NEXT: {{^}}    {{\[\[}}sprig::spawn]] f();{{$}}
// OUT: {{^}}  {{\[\[}}sprig::sync]];{{$}}
void f();
void g() {
  cilk_scope {
    cilk_spawn f();
  }
  cilk_sync;
}

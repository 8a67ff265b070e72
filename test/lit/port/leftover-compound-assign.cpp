// A spawned compound assignment, x += cilk_spawn f(), stays and is reported (not yet in
// Sprig: spawn into a temporary and combine after the sync); exit status 1.
// RUN: %expect_exit 1 %sprig_port %s > %t.cpp 2> %t.err
// RUN: FileCheck %s --check-prefix=ERR < %t.err
// RUN: FileCheck %s --check-prefix=OUT < %t.cpp
// ERR: leftover-compound-assign.cpp:[[@LINE+6]]: a spawned compound assignment (x += cilk_spawn f()): not supported yet, it would race on x; spawn into a temporary and combine it after the sync
// ERR-NEXT: leftover-compound-assign.cpp:[[@LINE+6]]: a spawned compound assignment (x *= cilk_spawn f()): not supported yet
// OUT: {{^}}  x += cilk_spawn f();{{$}}
long f();
long g() {
  long x = 0;
  x += cilk_spawn f();
  x *= cilk_spawn f();
  cilk_sync;
  return x;
}

// cilk_scope not followed by a block stays and is reported; the spawns and syncs around
// it are still converted, and the exit status is 1.
// RUN: %expect_exit 1 %sprig_port %s > %t.cpp 2> %t.err
// RUN: FileCheck %s --check-prefix=ERR < %t.err
// RUN: FileCheck %s --check-prefix=OUT < %t.cpp
// ERR: leftover-scope-without-block.cpp:[[@LINE+6]]: cilk_scope not before a block: write cilk_scope { ... } around the statements it waits for
// ERR-NOT: leftover-scope-without-block.cpp
// OUT: {{^}}  cilk_scope f();{{$}}
// OUT: {{^}}  {{\[\[}}sprig::sync]];{{$}}
void f();
void g() {
  cilk_scope f();
  cilk_spawn f();
  cilk_sync;
}

// A spawned block, cilk_spawn { ... }, stays and is reported (Sprig spawns calls: spawn
// a lambda); exit status 1.
// RUN: %expect_exit 1 %sprig_port %s > %t.cpp 2> %t.err
// RUN: FileCheck %s --check-prefix=ERR < %t.err
// RUN: FileCheck %s --check-prefix=OUT < %t.cpp
// ERR: leftover-spawned-block.cpp:[[@LINE+5]]: cilk_spawn of a block: Sprig spawns calls only (spawned blocks are not implemented yet); spawn a lambda instead: {{\[\[}}sprig::spawn]] [&] { ... }();
// OUT: {{^}}  cilk_spawn { x = 1; }{{$}}
// OUT: {{^}}  {{\[\[}}sprig::sync]];{{$}}
void g() {
  int x;
  cilk_spawn { x = 1; }
  cilk_sync;
}

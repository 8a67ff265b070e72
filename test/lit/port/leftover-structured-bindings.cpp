// A spawn into structured bindings, auto [a, b] = cilk_spawn f();, stays and is reported
// (the bindings are not variables of their own: spawn into auto t and unpack it after
// the sync); exit status 1.
// RUN: %expect_exit 1 %sprig_port %s > %t.cpp 2> %t.err
// RUN: FileCheck %s --check-prefix=ERR < %t.err
// RUN: FileCheck %s --check-prefix=OUT < %t.cpp
// ERR: leftover-structured-bindings.cpp:[[@LINE+8]]: a spawn into structured bindings (auto [a, b] = cilk_spawn f()): the bindings are not variables of their own; spawn into auto t = f(args) and unpack it after the sync
// ERR-NEXT: leftover-structured-bindings.cpp:[[@LINE+8]]: a spawn into structured bindings
// ERR-NOT: leftover-structured-bindings.cpp
// OUT: {{^}}  auto [a, b] = cilk_spawn two();{{$}}
// OUT: {{^}}  {{\[\[}}sprig::spawn]] auto t = two();{{$}}
#include <utility>
std::pair<int, int> two();
void g() {
  auto [a, b] = cilk_spawn two();
  const auto &[c, d] = cilk_spawn two();
  auto t = cilk_spawn two();
  cilk_sync;
}

// The spawned call may be a member call through . or -> (a chain of them), a function
// template with explicit arguments, a qualified name or a lambda.
// RUN: %sprig_port %s > %t.cpp
// RUN: FileCheck %s --check-prefix=OUT < %t.cpp
// RUN: %run_opts %t.cpp %t -I%sprig_inc | FileCheck %s
// OUT: {{^}}  {{\[\[}}sprig::spawn]] a = acc.self()->add(3);{{$}}
// OUT: {{^}}  {{\[\[}}sprig::spawn]] long b = twice<long>(21);{{$}}
// OUT: {{^}}  {{\[\[}}sprig::spawn]] c = util::square(p->value());{{$}}
// OUT: {{^}}  {{\[\[}}sprig::spawn]] [&] { d = 5; }();{{$}}
// CHECK: 3 42 49 5
#include <cilk/cilk.h>
#include <cstdio>

struct Acc {
  long total = 0;
  Acc *self() { return this; }
  long add(long v) { return total += v; }
  long value() const { return 7; }
};
template <class T> T twice(T v) { return 2 * v; }
namespace util {
long square(long v) { return v * v; }
}

int main() {
  Acc acc, *p = &acc;
  long a, c, d = 0;
  a = cilk_spawn acc.self()->add(3);
  long b = cilk_spawn twice<long>(21);
  c = cilk_spawn util::square(p->value());
  cilk_spawn [&] { d = 5; }();
  cilk_sync;
  std::printf("%ld %ld %ld %ld\n", a, b, c, d);
}

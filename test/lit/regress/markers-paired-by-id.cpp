// Clang lays blocks out in emission order: a pointer-to-member call spawned in a `try`
// has its virtual/non-virtual dispatch blocks after the catch handler, past the next
// spawn's markers. Pairing begin and end markers by layout read that as nested spawns
// ("internal error: nested spawn markers"). Each marker now carries its spawn's id.
// RUN: %run_opts %s %t | FileCheck %s
// RUN: %sprigxx -O0 -S -emit-llvm -Xclang -disable-llvm-passes %s -o - | FileCheck %s --check-prefix=IR
// CHECK: 13 24 9
// IR-DAG: {{call|invoke}} void @__sprig_spawn_begin(i32 noundef 0)
// IR-DAG: {{call|invoke}} void @__sprig_spawn_end(i32 noundef 0)
// IR-DAG: {{call|invoke}} void @__sprig_spawn_begin(i32 noundef 1)
// IR-DAG: {{call|invoke}} void @__sprig_spawn_end(i32 noundef 1)
#include <cstdio>
struct Err { int code; };
struct O {
  void m(long x, long &out) const { out = x + 1; }
  virtual void v(long x, long &out) const { if (x < 0) throw Err{9}; out = x * 3; }
};
long f(long x) { return x * 2; }
long g(long a, void (O::*pm)(long, long &) const) {
  long h = a;
  const O obj{};
  try {
    long s = 0;
    [[sprig::spawn]] (obj.*pm)(a, s);
    [[sprig::sync]];
    h += s;
  } catch (const Err &e) { h = e.code; }
  long y;
  [[sprig::spawn]] y = f(a);
  [[sprig::sync]];
  return h + y;
}
int main() { std::printf("%ld %ld %ld\n", g(3, &O::m), g(4, &O::v), g(-3, &O::v) + 6); }

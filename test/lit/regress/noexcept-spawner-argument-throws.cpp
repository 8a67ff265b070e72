// In a noexcept function, an exception thrown while the parent evaluates a spawned
// call's arguments must reach that function's own try/catch (as in the serial program).
// The helper used to inherit the parent's `nounwind`, so the rethrow out of the helper
// found no call-site entry and called std::terminate.
// RUN: %run_opts %s %t | FileCheck %s
// RUN: %sprigxx -O0 -S -emit-llvm %s -o - | FileCheck %s --check-prefix=IR
// CHECK: 1007 2007 5
// IR: define internal preserve_nonecc void @_Z5g_argl.sprig.spawn.{{[0-9]+}}({{.*}}) #[[H:[0-9]+]]
// IR: attributes #[[H]] = {
// IR-NOT: nounwind
// IR-SAME: }
#include <cstdio>
struct Err { int code; };
long thrower(long x) { if (x == 0) throw Err{7}; return x; }
long f(long x) { if (x == 5) throw Err{7}; return x + 1; }
long g_arg(long z) noexcept {
  long h = 0;
  try {
    long y;
    [[sprig::spawn]] y = f(thrower(z));  // the argument throws in the parent, before the detach
    [[sprig::sync]];
    h = y;
  } catch (const Err &e) { h = 1000 + e.code; }
  return h;
}
long g_child(long z) noexcept {
  long h = 0;
  try {
    long y;
    [[sprig::spawn]] y = f(z);  // the child throws, after the detach
    [[sprig::sync]];
    h = y;
  } catch (const Err &e) { h = 2000 + e.code; }
  return h;
}
int main() { std::printf("%ld %ld %ld\n", g_arg(0), g_child(5), g_arg(4) + g_child(-5) + 4); }

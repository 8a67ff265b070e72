// A value computed before the spawns (h = s ^ 671) and read only in a catch handler: the
// optimiser sinks its computation below a spawn's setjmp, where it runs again when a thief
// resumes that continuation. The code generator had given s and h one stack slot, so the
// second run read h where s had been: the handler saw s. The setjmp calls are
// `returns_twice` now (no stack-slot sharing) on targets that capture with setjmp
// (Transforms/lower-spawn-helper.ll). Found by the fuzzer (seed 142), wrong in about half
// the runs at P >= 2. On x86-64 a continuation is the return address of an ordinary
// preserve_none call, which returns once per executor: code before it never runs again.
// RUN: %run_opts %s %t | FileCheck %s
// RUN: %sprigxx -O2 -S -emit-llvm %s -o - | FileCheck %s --check-prefix=IR
// CHECK: 7967880990411952392
// IR-LABEL: define {{.*}}@_Z1fy(
// IR-NOT: llvm.eh.sjlj.setjmp
// IR: {{call|invoke}} preserve_nonecc void @_Z1fy.sprig.spawn.
// IR-NOT: llvm.eh.sjlj.setjmp
#include <cstdio>
typedef unsigned long long u64;
struct FuzzErr { u64 code; };
u64 work(u64 a) { u64 r = a; for (int i = 0; i < 200; ++i) r = r * 31 + i; return r; }
u64 thr(u64 a) { work(a); throw FuzzErr{a % 1000}; }
u64 f(u64 s) {
  u64 h = s ^ 671;
  try {
    u64 a = 0, b = 0, c = 0;
    [[sprig::spawn]] a = work(s);
    [[sprig::spawn]] b = thr(s);
    [[sprig::spawn]] c = work(s + 1);  // a continuation to steal after the throw
    [[sprig::sync]];
    h = h + a + b + c;
  } catch (const FuzzErr &e) {
    h = h * 31 + e.code;
  }
  return h;
}
int main() {
  u64 h = 0;
  for (u64 i = 0; i < 1000; ++i) h = h * 7 + f(i);
  std::printf("%llu\n", h);
}

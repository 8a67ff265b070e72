// An if/else whose two branches each spawn and sync, after an earlier spawn: the
// optimiser (SimplifyCFG) used to hoist the two identical setjmp sequences into the block
// before the branch, and the x86 backend then decided the branch from flags the setjmp
// had clobbered: the else branch ran the then branch's spawn (at every P, -O1 and up).
// Each continuation's setjmp is `nomerge` now (the setjmp capture of other targets,
// Transforms/lower-spawn-helper.ll). On x86-64 a continuation is the return address of
// an ordinary preserve_none call (docs/design.md, "Continuations"): no setjmp to merge,
// and LLVM sees every register the call clobbers.
// RUN: %run_opts %s %t | FileCheck %s
// RUN: %sprigxx -O2 -S -emit-llvm %s -o - | FileCheck %s --check-prefix=IR
// CHECK: b=0 th=650 s=0
// CHECK: b=1 th=6 s=11
// CHECK: b=2 th=652 s=0
// CHECK: b=3 th=6 s=11
// IR-NOT: llvm.eh.sjlj.setjmp
// IR: {{call|invoke}} preserve_nonecc void @_Z1gyy.sprig.spawn.
// IR-NOT: llvm.eh.sjlj.setjmp
#include <cstdio>
typedef unsigned long long u64;
__attribute__((noinline)) u64 leaf(u64 a, u64 b) { return a * 10 + b; }
__attribute__((noinline)) void out_two(u64 a, u64 b, u64 *out) { *out = a + b; }
u64 g(u64 a, u64 b) {
  u64 th = a + 1;
  u64 s = 0;
  [[sprig::spawn]] (void)leaf(a, 7);
  if (b % 2 == 0) {
    u64 x;
    [[sprig::spawn]] x = leaf(a, b);
    [[sprig::sync]];
    th = th * 100 + x;
  } else {
    [[sprig::spawn]] out_two(a, th, &s);
    [[sprig::sync]];
  }
  std::printf("b=%llu th=%llu s=%llu\n", b, th, s);
  return th;
}
int main() {
  for (u64 b = 0; b < 4; ++b)
    g(5, b);
}

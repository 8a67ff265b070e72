// A spawned statement that uses more locals of its function than preserve_none has
// argument registers (12 with the frame) keeps the setjmp capture, on x86-64 too: with
// stack arguments the caller would pop them after the call and move a thief's stack
// pointer. Its neighbours in the same function use return-address continuations, and
// one sync waits for both kinds (the runtime only ever jumps into the frame's context).
// A thief finds a return-address continuation's resume point on the stack unless the
// frame has SPRIG_FRAME_PC_IN_CTX (ABI 11), which the setjmp spawn sets: from then on
// the return-address helper records its resume point in ctx too. The first iteration's
// return-address spawn runs before the bit is set, the later ones after.
// RUN: %run_opts %s %t | FileCheck %s
// RUN: env RUN_OPTS_SPRIG_FLAGS='-mllvm -sprig-check-resume-pc' %run_opts %s %t.chk | FileCheck %s
// RUN: %sprigxx -O0 -S -emit-llvm %s -o - | FileCheck %s --check-prefix=IR
// CHECK: sum 13999782490 calls 400
// IR-LABEL: define {{.*}}@_Z3runv(
// IR: {{call|invoke}} preserve_nonecc void @_Z3runv.sprig.spawn.0(
// IR: or i32 %{{.*}}, 16
// IR: store i32
// IR: call i32 @llvm.eh.sjlj.setjmp(
// IR: {{call|invoke}} void @_Z3runv.sprig.spawn.1(
// IR: call preserve_nonecc void @__sprig_sync_capture(
// IR: define internal preserve_nonecc void @_Z3runv.sprig.spawn.0(
// IR: call ptr @llvm.returnaddress(i32 0)
// IR: define internal void @_Z3runv.sprig.spawn.1(
#include <atomic>
#include <cstdio>

long fib(int n) { return n < 2 ? n : fib(n - 1) + fib(n - 2); }
std::atomic<int> calls{0};

long mix(long a, long b, long c, long d, long e, long f, long g, long h, long i, long j,
         long k, long l, long m) {
  calls++;
  return fib(12 + (int)(a % 5)) + a * 3 + b * 5 + c * 7 + d * 11 + e * 13 + f * 17 +
         g * 19 + h * 23 + i * 29 + j * 31 + k * 37 + l * 41 + m * 43;
}
long one(long a) {
  calls++;
  return fib(12 + (int)(a % 7)) + a;
}

long run() {
  long out[400];
  // Over-aligned, so that they stay the helper's pointer arguments (a local aligned to
  // at most 16 would move into the frame, and the helper would find it from its parent
  // pointer: docs/design.md, "Locals in the frame").
  alignas(32) long a = 1, b = 2, c = 3, d = 4, e = 5, f = 6, g = 7, h = 8, i = 9, j = 10,
                   k = 11, l = 12, m = 13;
  for (long t = 0; t < 200; ++t) {
    [[sprig::spawn]] out[2 * t] = one(t);
    [[sprig::spawn]] out[2 * t + 1] = mix(a + t, b, c, d, e, f, g, h, i, j, k, l, m);
    a += 1; b += 2; c += 3; d += 4; e += 5; f += 6; g += 7; h += 8; i += 9; j += 10;
    k += 11; l += 12; m += 13;
  }
  [[sprig::sync]];
  long s = 0;
  for (long t = 0; t < 400; ++t)
    s += out[t] * (t + 1);
  return s;
}

int main() {
  long s = run();
  std::printf("sum %ld calls %d\n", s, calls.load());
}

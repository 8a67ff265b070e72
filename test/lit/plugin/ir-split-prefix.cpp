// The paths of a spawning function that never spawn get no frame: the function becomes
// a frameless wrapper that returns on those paths and tail-calls (musttail, a jump) the
// lowered body on the others (plugin/late/SplitPrefix.cpp). A prefix with an effect outside
// the function's own stack must not run twice, and one with a call is too dear to run
// twice, so such functions stay whole; so does every function under
// -mllvm -sprig-split-prefix=0.
// (Without the serial gate, which turns a function that stays whole into a wrapper of its
// body too: Transforms/serial-clone.ll. The assembly below has it.)
// RUN: %sprigxx -O2 -S -emit-llvm %s -o - -mllvm -sprig-serial-gate=0 | FileCheck %s
// RUN: %sprigxx -O2 -S -emit-llvm %s -o - -mllvm -sprig-split-prefix=0 -mllvm -sprig-serial-gate=0 | FileCheck %s --check-prefix=OFF
// RUN: %sprigxx -O2 -S %s -o - | FileCheck %s --check-prefix=ASM
long f(long);
extern long counter;
struct Big { long a[8]; };
Big g(long);

// CHECK-LABEL: define {{.*}}i64 @_Z3fibl(
// CHECK-NOT: alloca
// CHECK-NOT: .sprig.spawn.
// CHECK: musttail call {{.*}}i64 @_Z3fibl.sprig.body(i64 {{.*}}%0)
// CHECK-NEXT: ret i64
// OFF-NOT: sprig.body
// Past the prefix, the serial gate (plugin/late/SerialGate.cpp): a worker jumps into the
// body at once; on a thread that is no worker, the gate decides between the body and the
// serial clone.
// ASM-LABEL: _Z3fibl:
// ASM-NOT: push
// ASM: __sprig_tls_worker
// ASM-NOT: push
// ASM: jne _Z3fibl.sprig.body
// ASM: __sprig_serial_gate
// ASM: jne _Z3fibl.sprig.serial.root
// ASM: jmp _Z3fibl.sprig.body
// ASM-NOT: push
// ASM: retq
long fib(long n) {
  if (n < 2)
    return n;
  long x, y;
  [[sprig::spawn]] x = fib(n - 1);
  y = fib(n - 2);
  [[sprig::sync]];
  return x + y;
}

// A prefix with a store to memory the caller can see: not split.
// CHECK-LABEL: define {{.*}}i64 @_Z6countsl(
// CHECK: {{call|invoke}} preserve_nonecc void @{{.*}}.sprig.spawn.
// CHECK-NOT: sprig.body
long counts(long n) {
  ++counter;
  if (n < 2)
    return n;
  long x, y;
  [[sprig::spawn]] x = counts(n - 1);
  y = counts(n - 2);
  [[sprig::sync]];
  return x + y;
}

// A prefix that calls a function, even one without effects, is too dear to run twice.
__attribute__((const)) long heavy(long);
// CHECK-LABEL: define {{.*}}i64 @_Z11calls_firstl(
// CHECK: {{call|invoke}} preserve_nonecc void @{{.*}}.sprig.spawn.
// CHECK-NOT: sprig.body
long calls_first(long n) {
  long k = heavy(n);
  if (k < 2)
    return k;
  long x, y;
  [[sprig::spawn]] x = calls_first(n - 1);
  y = calls_first(n - 2);
  [[sprig::sync]];
  return x + y;
}

// The split point moves up the dominator chain to where the prefix is cheap: the
// wrapper keeps the depth test only; the call that computes the number of children runs
// in the body (uts's shape).
// CHECK-LABEL: define {{.*}}i64 @_Z8childrenli(
// CHECK-NOT: call {{.*}}@_Z5heavyl
// CHECK: musttail call {{.*}}i64 @_Z8childrenli.sprig.body(
// CHECK-NEXT: ret i64
long children(long s, int depth) {
  if (depth >= 12)
    return 1;
  long nc = heavy(s);
  long count[8];
  for (long i = 0; i < nc && i < 8; ++i)
    [[sprig::spawn]] count[i] = children(s * 31 + i, depth + 1);
  [[sprig::sync]];
  long total = 1;
  for (long i = 0; i < nc && i < 8; ++i)
    total += count[i];
  return total;
}

// An atomic load may run twice (the body decides again with what it reads); a division
// is too slow to repeat, so the split point stays above it (knapsack's shape).
#include <atomic>
std::atomic<long> best{0};
// CHECK-LABEL: define {{.*}}i64 @_Z6boundsll(
// CHECK: load atomic
// CHECK-NOT: sdiv
// CHECK: musttail call {{.*}}i64 @_Z6boundsll.sprig.body(
// CHECK-NEXT: ret i64
long bounds(long n, long d) {
  if (n < 2)
    return n;
  if (n < best.load(std::memory_order_relaxed))
    return 0;
  if (n / d > 1000)
    return 1;
  long x, y;
  [[sprig::spawn]] x = bounds(n - 1, d);
  y = bounds(n - 2, d);
  [[sprig::sync]];
  return x + y;
}

// A spawn inside a loop: the split point moves out of the loop, before it.
// CHECK-LABEL: define {{.*}}i64 @_Z4loopl(
// CHECK-NOT: alloca
// CHECK: musttail call {{.*}}i64 @_Z4loopl.sprig.body(
long loop(long n) {
  if (n < 8)
    return f(n);
  long r[4];
  for (int i = 0; i < 4; ++i)
    [[sprig::spawn]] r[i] = loop(n / 2 - i);
  [[sprig::sync]];
  return r[0] + r[1] + r[2] + r[3];
}

// A struct returned through sret: musttail forwards the hidden pointer.
// CHECK-LABEL: define {{.*}}void @_Z5bigfnl(ptr {{.*}}sret
// CHECK: musttail call void @_Z5bigfnl.sprig.body(ptr {{.*}}sret
Big bigfn(long n) {
  if (n < 2)
    return Big{{n}};
  Big x;
  [[sprig::spawn]] x = bigfn(n - 1);
  Big y = bigfn(n - 2);
  [[sprig::sync]];
  Big s;
  for (int i = 0; i < 8; ++i)
    s.a[i] = x.a[i] + y.a[i];
  return s;
}

// Every path spawns (a harmless prefix, but no leaf): nothing to gain, no split.
// CHECK-LABEL: define {{.*}}i64 @_Z6alwaysl(
// CHECK-NOT: sprig.body
// CHECK: ret i64
long always(long n) {
  long s = 0;
  for (long i = 0; i < n; ++i)
    s += i * i;
  long x;
  [[sprig::spawn]] x = f(s);
  long y = f(s + 1);
  [[sprig::sync]];
  return x + y;
}

// Spawning from the first statement: nothing to split.
// CHECK-LABEL: define {{.*}}i64 @_Z5firstl(
// CHECK-NOT: sprig.body
// CHECK: ret i64
long first(long n) {
  long x;
  [[sprig::spawn]] x = f(n);
  long y = f(n + 1);
  [[sprig::sync]];
  return x + y;
}

// The bodies follow, in the order of their wrappers, each with the whole lowering.
// CHECK: define internal {{.*}}i64 @_Z3fibl.sprig.body(
// CHECK: {{call|invoke}} preserve_nonecc void @{{.*}}.sprig.spawn.
// CHECK: define internal {{.*}}i64 @_Z8childrenli.sprig.body(
// CHECK: {{call|invoke}} preserve_nonecc void @{{.*}}.sprig.spawn.
// CHECK: define internal {{.*}}i64 @_Z6boundsll.sprig.body(
// CHECK: {{call|invoke}} preserve_nonecc void @{{.*}}.sprig.spawn.
// CHECK: define internal {{.*}}i64 @_Z4loopl.sprig.body(
// CHECK: {{call|invoke}} preserve_nonecc void @{{.*}}.sprig.spawn.
// CHECK: define internal {{.*}}void @_Z5bigfnl.sprig.body(
// CHECK: {{call|invoke}} preserve_nonecc void @{{.*}}.sprig.spawn.

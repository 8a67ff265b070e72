// The lowering alone, in opt, on what the frontend leaves: sprig++ -disable-llvm-passes
// emits IR with markers; opt -passes=sprig-lower lowers it; the rest of the pipeline and
// the link give the same program as sprig++ -O2, with the serial elision's answer.
// RUN: %sprigxx -O2 -S -emit-llvm -Xclang -disable-llvm-passes %s -o %t.ll
// RUN: FileCheck %s --check-prefix=MARKERS < %t.ll
// RUN: %opt -passes=sprig-lower -S %t.ll -o %t.low.ll
// RUN: FileCheck %s --check-prefix=LOWERED < %t.low.ll
// RUN: %opt -passes='sprig-lower,default<O2>,sprig-fix-frames' %t.ll -o %t.bc
// RUN: %sprigxx -O2 %t.bc -o %t
// RUN: %clangxx -O2 -Wno-unknown-attributes %s -o %t.serial
// RUN: %t.serial > %t.expected
// RUN: env SPRIG_NWORKERS=1 %t > %t.p1 && diff %t.expected %t.p1
// RUN: env SPRIG_NWORKERS=4 %t > %t.p4 && diff %t.expected %t.p4
// MARKERS: call void @__sprig_spawn_begin(i32 noundef 0)
// MARKERS: call void @__sprig_sync()
// LOWERED-NOT: @__sprig_spawn_begin(
// LOWERED: define internal preserve_nonecc void @_Z3fibi.sprig.spawn.0(
#include <cstdio>
long fib(int n) {
  if (n < 2)
    return n;
  long x, y;
  [[sprig::spawn]] x = fib(n - 1);
  y = fib(n - 2);
  [[sprig::sync]];
  return x + y;
}
int main() { std::printf("%ld\n", fib(27)); }

// Spawn v2 stage 2 (plugin/late/ChildInline.cpp): when the spawned function is a spawning
// function of the module, optimising builds inline its lowered body into the helper. The
// child's frame (`!sprig.frame`) is then an alloca of the helper, and the helper gets a
// spawner's frame attributes: its frame pointer addresses the child's locals for a
// thief. No stackrestore is left around the inlined body (its only dynamic
// alloca is the forced-frame one, which never runs). Not at -O0, nor with
// -sprig-inline-children=0, where the helper calls the child's worker entry.
// RUN: %sprigxx -O2 -S -emit-llvm %s -o - | FileCheck %s
// RUN: %sprigxx -O1 -S -emit-llvm %s -o - | FileCheck %s
// RUN: %sprigxx -O2 -mllvm -sprig-inline-children=0 -S -emit-llvm %s -o - | FileCheck %s --check-prefix=OFF
// RUN: %sprigxx -O0 -S -emit-llvm %s -o - | FileCheck %s --check-prefix=OFF

long fib(long n) {
  if (n < 2)
    return n;
  long x, y;
  [[sprig::spawn]] x = fib(n - 1);
  y = fib(n - 2);
  [[sprig::sync]];
  return x + y;
}

// CHECK-LABEL: define internal preserve_nonecc void @_Z3fibl.sprig.spawn.{{[0-9]+}}(ptr
// CHECK-SAME:    #[[HATTR:[0-9]+]]
// CHECK:         alloca [{{[0-9]+}} x i8], align {{[0-9]+}}, !sprig.frame
// CHECK-NOT:     @llvm.stackrestore
// CHECK:         {{call|invoke}} preserve_nonecc void @_Z3fibl.sprig.spawn.{{[0-9]+}}(ptr
// CHECK-NOT:     @llvm.stackrestore
// CHECK:       {{^}}}
// CHECK:       attributes #[[HATTR]] = {{{.*}}"frame-pointer"="all"{{.*}}"no-realign-stack"

// OFF-LABEL: define internal preserve_nonecc void @_Z3fibl.sprig.spawn.{{[0-9]+}}(ptr
// OFF-NOT:     !sprig.frame
// OFF:         @_Z3fibl{{(.sprig.worker)?(.pn)?}}(i64
// OFF-NOT:     !sprig.frame
// OFF:       {{^}}}

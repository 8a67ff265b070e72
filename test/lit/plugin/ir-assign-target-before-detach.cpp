// The target of a spawned assignment is evaluated before the detach, in the parent's
// state at the spawn (Rewrite.cpp: "arguments, callee and assignment target evaluated
// first, as in Cilk"). With `r[i] = f(i++)` the helper must not read the parent's `i`
// again after the detach: the continuation may already be changing it. Checked at -O2,
// where the helper is straight-line code up to the spawned call.
// RUN: %sprigxx -O2 -S -emit-llvm %s -o - | FileCheck %s

int f(int);

void loop(int *r, int n) {
  for (int i = 0; i < n;)
    [[sprig::spawn]] r[i] = f(i++);
}

// CHECK-LABEL: define internal {{.*}}void @_Z4loopPii.sprig.spawn.{{[0-9]+}}(
// CHECK:         [[OLD:%[0-9]+]] = load i32, ptr [[IPTR:%[0-9]+]]
// CHECK:         store i32 {{%[0-9]+}}, ptr [[IPTR]]
// CHECK:         call preserve_mostcc void @__sprig_push_slow()
// CHECK-NOT:     load i32, ptr [[IPTR]]
// CHECK:         {{call|invoke}} {{.*}}i32 @_Z1fi(i32 {{.*}}[[OLD]])
// CHECK-NOT:     load i32, ptr [[IPTR]]
// CHECK:       {{^}}}

// In C, as in C++ (ir-assign-target-before-detach.cpp), the target of a spawned
// assignment is evaluated before the detach, in the parent's state at the spawn: with
// `r[i] = f(i++)` the helper must not read the parent's `i` again after the detach.
// C's bracket goes through the target's address (ast-c-spawn-assignment.c); the IR the
// lowering sees is the same. Checked at -O2.
// RUN: %sprigcc -O2 -S -emit-llvm %s -o - | FileCheck %s

int f(int);

void loop(int *r, int n) {
  for (int i = 0; i < n;)
    [[sprig::spawn]] r[i] = f(i++);
}

// CHECK-LABEL: define internal {{.*}}void @loop.sprig.spawn.{{[0-9]+}}(
// CHECK:         [[OLD:%[0-9]+]] = load i32, ptr [[IPTR:%[0-9]+]]
// CHECK:         store i32 {{%[0-9]+}}, ptr [[IPTR]]
// CHECK:         call preserve_mostcc void @__sprig_push_slow()
// CHECK-NOT:     load i32, ptr [[IPTR]]
// CHECK:         call {{.*}}i32 @f(i32 {{.*}}[[OLD]])
// CHECK-NOT:     load i32, ptr [[IPTR]]
// CHECK:       {{^}}}

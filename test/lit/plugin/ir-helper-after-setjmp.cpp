// Each spawn is outlined into an internal helper `<parent>.sprig.spawn.N`, which the
// parent calls only on the path where llvm.eh.sjlj.setjmp returned 0 (the continuation
// is captured first). At -O0 and -O2.
// RUN: %sprigxx -O0 -S -emit-llvm %s -o - | FileCheck %s
// RUN: %sprigxx -O2 -S -emit-llvm %s -o - | FileCheck %s

int f(int);
void sink(int);

void parent(int n) {
  int a, b;
  [[sprig::spawn]] a = f(n);
  [[sprig::spawn]] b = f(n + 1);
  [[sprig::sync]];
  sink(a + b);
}

// CHECK-LABEL: define {{.*}}void @_Z6parenti(
// CHECK-NOT:     sprig.spawn.
// CHECK:         [[R0:%[0-9]+]] = call i32 @llvm.eh.sjlj.setjmp(ptr
// CHECK-NEXT:    [[Z0:%[0-9]+]] = icmp eq i32 [[R0]], 0
// CHECK-NEXT:    br i1 [[Z0]], label %[[CALL0:[0-9]+]], label %{{[0-9]+}}
// CHECK-NOT:     sprig.spawn.
// CHECK:       [[CALL0]]:
// CHECK-NEXT:    {{call|invoke}} {{.*}}void @_Z6parenti.sprig.spawn.0(ptr
// CHECK-NOT:     sprig.spawn.
// CHECK:         [[R1:%[0-9]+]] = call i32 @llvm.eh.sjlj.setjmp(ptr
// CHECK-NEXT:    [[Z1:%[0-9]+]] = icmp eq i32 [[R1]], 0
// CHECK-NEXT:    br i1 [[Z1]], label %[[CALL1:[0-9]+]], label %{{[0-9]+}}
// CHECK-NOT:     sprig.spawn.
// CHECK:       [[CALL1]]:
// CHECK-NEXT:    {{call|invoke}} {{.*}}void @_Z6parenti.sprig.spawn.1(ptr
// CHECK-NOT:     sprig.spawn.
// CHECK:       {{^}}}

// The helpers are internal, take the parent's frame first, and call the spawned function.
// CHECK:       define internal {{.*}}void @_Z6parenti.sprig.spawn.{{[01]}}(ptr
// CHECK:         {{call|invoke}} {{.*}}i32 @_Z1fi(
// CHECK:       define internal {{.*}}void @_Z6parenti.sprig.spawn.{{[01]}}(ptr
// CHECK:         {{call|invoke}} {{.*}}i32 @_Z1fi(

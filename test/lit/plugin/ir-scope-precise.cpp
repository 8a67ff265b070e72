// A scope's exit waits for the scope's own children only: it tests the scope record's
// `stolen` count and the frame's EXCEPTION bit (no sync of the frame), and suspends with
// __sprig_scope_suspend. The in-scope spawn's helper takes the record as its last
// argument and leaves through the scoped child_done; the spawn before the scope, and every
// spawn of a function without scopes, through the ordinary one. A function without
// scopes refers to none of the scope entry points.
// RUN: %sprigxx -O1 -S -emit-llvm %s -o %t.O1.ll
// RUN: FileCheck %s < %t.O1.ll
// RUN: %sprigxx -O0 -S -emit-llvm %s -o %t.O0.ll
// RUN: FileCheck %s < %t.O0.ll
// RUN: %sprigxx -O1 -S -emit-llvm -DNO_SCOPE %s -o %t.none.ll
// RUN: FileCheck --check-prefix=NONE %s < %t.none.ll

int f(int);

void noscope(int *a) {
  [[sprig::spawn]] a[0] = f(1);
  a[1] = f(2);
  [[sprig::sync]];
}

#ifndef NO_SCOPE
void scoped(int *a) {
  [[sprig::spawn]] a[0] = f(1);
  [[sprig::scope]] {
    [[sprig::spawn]] a[1] = f(2);
    a[2] = f(3);
  }
  a[3] = a[1];
}
#endif

// CHECK-LABEL: define {{.*}} @_Z7noscopePi(
// CHECK-NOT: __sprig_scope_suspend
// CHECK-LABEL: define {{.*}} @_Z6scopedPi(
// CHECK: alloca [32 x i8]
// CHECK: call void @__sprig_scope_suspend(
// CHECK-LABEL: define internal {{.*}} @_Z6scopedPi.sprig.spawn.0(ptr {{[^,]*}}, ptr {{[^,]*}})
// CHECK: @__sprig_child_done(
// CHECK-LABEL: define internal {{.*}} @_Z6scopedPi.sprig.spawn.1(ptr {{[^,]*}}, ptr {{[^,]*}}, ptr {{[^,]*}})
// CHECK: @__sprig_child_done_scoped(
// CHECK: @__sprig_leave_helper_exc_scoped(

// NONE-NOT: scope_suspend
// NONE-NOT: _scoped
// NONE-NOT: __sprig_spawn_scope
// NONE-NOT: __sprig_scope_exit

// A spawned block is the child: its calls are in the helper, none of them in the parent
// (the detach comes before the block), and no call of the no-op __sprig_spawn_block is
// left, at -O0 either (it is defined empty, internal and always-inline before the
// lowering: no undefined reference). A scope's exit is a sync: a capture in the parent.
// RUN: %sprigxx -O1 -S -emit-llvm %s -o %t.O1.ll
// RUN: FileCheck %s < %t.O1.ll
// RUN: %sprigxx -O0 -S -emit-llvm %s -o %t.O0.ll
// RUN: FileCheck %s < %t.O0.ll

int f(int);
int g(int);

void block(int *out, int n) {
  [[sprig::spawn]] {
    int t = f(n);
    *out = g(t);
  }
  [[sprig::scope]] {
    [[sprig::spawn]] g(1);
  }
}

// CHECK-NOT: __sprig_spawn_block
// CHECK-LABEL: define {{.*}} @_Z5blockPii(
// CHECK-NOT: @_Z1fi(
// CHECK-NOT: define
// CHECK: __sprig_sync_capture
// CHECK-LABEL: define internal {{.*}} @_Z5blockPii.sprig.serial(
// CHECK-LABEL: define internal preserve_nonecc void @_Z5blockPii.sprig.spawn.0(
// CHECK: @_Z1fi(
// CHECK: @_Z1gi(
// CHECK-NOT: __sprig_spawn_block

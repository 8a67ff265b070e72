// A spawned compound assignment `r[i] += f(i++)`: the target's address is evaluated in
// the parent before the detach (here with the incremented i, as C++17 evaluates the
// right-hand side first), and the update (load, add, store) runs in the child, after the
// spawned call returns: in the helper, between the call and the pop. The helper must not
// read the parent's i after the detach. Checked at -O2, where the helper is straight-line
// code up to the spawned call.
// RUN: %sprigxx -O2 -S -emit-llvm %s -o - | FileCheck %s

int f(int);

void loop(long *r, int n) {
  for (int i = 0; i < n;)
    [[sprig::spawn]] r[i] += f(i++);
}

// CHECK-LABEL: define internal {{.*}}void @_Z4loopPli.sprig.spawn.{{[0-9]+}}(
// CHECK:         [[OLD:%[0-9]+]] = load i32, ptr [[IPTR:%[0-9]+]]
// CHECK:         [[NEW:%[0-9]+]] = add nsw i32 [[OLD]], 1
// CHECK:         store i32 [[NEW]], ptr [[IPTR]]
// CHECK:         call preserve_mostcc void @__sprig_push_slow()
// CHECK-NOT:     load i32, ptr [[IPTR]]
// CHECK:         [[RES:%[0-9]+]] = {{call|invoke}} {{.*}}i32 @_Z1fi(i32 {{.*}}[[OLD]])
// CHECK-NOT:     load i32, ptr [[IPTR]]
// CHECK:         [[IDX:%[0-9]+]] = sext i32 [[NEW]] to i64
// CHECK:         [[SLOT:%[0-9]+]] = getelementptr inbounds i64, ptr {{%[0-9]+}}, i64 [[IDX]]
// CHECK:         [[WIDE:%[0-9]+]] = sext i32 [[RES]] to i64
// CHECK:         [[CUR:%[0-9]+]] = load i64, ptr [[SLOT]]
// CHECK:         [[SUM:%[0-9]+]] = add nsw i64 [[CUR]], [[WIDE]]
// CHECK:         store i64 [[SUM]], ptr [[SLOT]]
// CHECK:         @__sprig_pop_slow(
// CHECK:       {{^}}}

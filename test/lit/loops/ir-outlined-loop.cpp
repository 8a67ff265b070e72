// The IR of a parallel loop before the spawn lowering (-sprig-loops-only): the loop's
// iteration is cloned into a chunk function that runs iterations [lo, hi) and syncs at
// its end; the caller computes the trip count once, keeps the grain (0 means the
// runtime's default) and calls the module's divide-and-conquer driver, which spawns the
// lower half and keeps the upper half for its continuation; an iteration's exception is
// kept by __sprig_pfor_caught and rethrown after the loop; a chunk does not start past
// the first iteration that threw, and stops after its own.
// Not in the sanitizer jobs: nothing runs, and the sanitizer's instrumentation changes
// the IR this checks.
// UNSUPPORTED: tsan, asan
// RUN: %sprigxx -O0 -S -emit-llvm -fno-discard-value-names -mllvm -sprig-loops-only %s \
// RUN:   -o - | FileCheck %s
void g(int);

void f(int n) {
  [[sprig::parallel_for]] for (int i = 0; i < n; ++i) g(i);
}
// CHECK-LABEL: define {{.*}}void @_Z1fi(
// CHECK: %pfor.state = alloca { i64, ptr }
// CHECK: %pfor.grain = select i1 {{.*}}, i64 {{.*}}, i64
// CHECK: call void @__sprig_pfor_dc(ptr @_Z1fi.sprig.pfor.0, ptr %pfor.env, i64 0, i64 [[N:%.*]], i64 %pfor.grain)
// CHECK: call void @__sprig_pfor_rethrow(ptr %pfor.state)
// CHECK-NOT: __sprig_pfor_begin
// CHECK-NOT: __sprig_pfor_index

// CHECK-LABEL: define internal void @_Z1fi.sprig.pfor.0(ptr %env, i64 %lo, i64 %hi)
// CHECK: %pfor.threw = alloca i1
// CHECK: %pfor.min.k = load atomic i64, ptr {{.*}} monotonic
// CHECK: icmp ule i64 %lo, %pfor.min.k
// CHECK: pfor.next:
// CHECK: %k = phi i64 [ %lo, %entry ], [ %k.next, %pfor.latch ]
// CHECK: icmp ult i64 %k, %hi
// CHECK: %threw = load i1, ptr %pfor.threw
// CHECK: call void @__sprig_sync()
// CHECK: call void @__sprig_pfor_caught(ptr %pfor.state, i64 %k)
// CHECK-NEXT: store i1 true, ptr %pfor.threw

// CHECK-LABEL: define internal void @__sprig_pfor_dc(ptr %chunk, ptr %env, i64 %lo, i64 %hi, i64 %grain)
// CHECK: icmp ugt i64 %n, %grain
// CHECK: %mid = add i64 %l,
// CHECK: call void @__sprig_spawn_begin(i32 0)
// CHECK: call void %callee(ptr %chunk, ptr %env, i64 %l, i64 %mid, i64 %grain)
// CHECK: call void @__sprig_spawn_end(i32 0)
// CHECK: store i64 %mid, ptr %lo.addr
// CHECK: call void %chunk(ptr %env, i64 %l1, i64 %hi)
// CHECK: call void @__sprig_sync()

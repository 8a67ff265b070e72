// REQUIRES: x86_64
// The measured build's IR (plugin/modes/Scale.cpp): no marker and no hook call is left, no
// frame (the serial elision runs), the clock is the thread-local __sprig_scale_clock,
// the burden is read at the spawned statement's end, and the module's constructor
// calls __sprig_scale_init.
// RUN: %sprigxx --scale -O2 -S -emit-llvm %s -o - | FileCheck %s
// The optimiser's memory effects of fib are widened to the clock (a global): after the
// spawned call fib(n - 1) W is loaded again, not forwarded from before the call.
// CHECK-DAG: @__sprig_scale_clock = external thread_local(initialexec) global [3 x i64]
// CHECK-DAG: @llvm.global_ctors = {{.*}}@sprig.scale.init
// CHECK-DAG: @__sprig_scale_burden = external global i64
// CHECK-LABEL: define {{.*}}@_Z3fibi(
// CHECK-NOT: call {{.*}}@__sprig_
// CHECK: [[CLOCK:%[0-9]+]] = call {{.*}}ptr @llvm.threadlocal.address.p0(ptr @__sprig_scale_clock)
// CHECK: call noundef i64 @_Z3fibi(
// CHECK-NEXT: load i64, ptr [[CLOCK]]
// CHECK: load i64, ptr @__sprig_scale_burden
// CHECK: call {{.*}}@llvm.umax.i64
// CHECK-LABEL: define internal void @sprig.scale.init()
// CHECK: call void @__sprig_scale_init()
// CHECK-NOT: sprig_frame
// CHECK-NOT: musttail
long fib(int n) {
  if (n < 2)
    return n;
  long x, y;
  [[sprig::spawn]] x = fib(n - 1);
  y = fib(n - 2);
  [[sprig::sync]];
  return x + y;
}

// The attribute spelling in IR (plugin/early/Reducers.h): every use of a reducer variable's
// address is the strand's view, computed where it is used; a local is registered at its
// declaration, before its initializer, and its scope ends with the unregistering cleanup.
// (At the end each view call is expanded: the thread-local map, then the lookup only if
// it is not null; the variable itself otherwise.)
// RUN: %sprigxx -O0 -S -emit-llvm %s -o - | FileCheck %s
void zero(void *v) { *static_cast<long *>(v) = 0; }
void plus(void *l, void *r) { *static_cast<long *>(l) += *static_cast<long *>(r); }

[[sprig::reducer(zero, plus)]] long total = 0;

// CHECK-LABEL: define {{.*}} @_Z3addl(
// CHECK: call ptr asm sideeffect "movq __sprig_tls_views@gottpoff(%rip)
// CHECK: call ptr @__sprig_reducer_lookup(ptr %{{[0-9]+}}, ptr @total, i64 8, i64 8, ptr @_Z4zeroPv, ptr @_Z4plusPvS_)
// CHECK: %[[V:[0-9]+]] = phi ptr [ @total,
// CHECK-NEXT: load i64, ptr %[[V]]
// CHECK: call ptr @__sprig_reducer_lookup(ptr %{{[0-9]+}}, ptr @total,
// CHECK: %[[W:[0-9]+]] = phi ptr [ @total,
// CHECK-NEXT: store i64 {{.*}}, ptr %[[W]]
void add(long x) { total += x; }

// CHECK-LABEL: define {{.*}} @_Z5locali(
// CHECK: %[[S:[0-9a-z.]+]] = alloca i64
// CHECK: call void @__sprig_reducer_register(ptr %[[S]], i64 8, i64 8, ptr @_Z4zeroPv, ptr @_Z4plusPvS_)
// CHECK: call ptr @__sprig_reducer_lookup(ptr %{{[0-9]+}}, ptr %[[S]],
// CHECK: %[[I:[0-9]+]] = phi ptr [ %[[S]],
// CHECK-NEXT: store i64 0, ptr %[[I]]
// CHECK: call void @__sprig_reducer_scope_end(
long local(int n) {
  [[sprig::reducer(zero, plus)]] long s = 0;
  for (int i = 0; i < n; ++i)
    s += i;
  return s;
}

// The view lookup is strand-pure (plugin/early/Reducers.h): hoisted out of a loop that
// neither spawns nor syncs, never reused across a spawn or a sync, and expanded late
// into the thread-local load and a compare, with the runtime's lookup only behind it.
// RUN: %sprigxx -O2 -S -emit-llvm %s -o - | FileCheck %s
#include <sprig/reducer.h>

sprig::reducer<sprig::op_add<long>> total;

// CHECK-LABEL: define {{.*}} @_Z4loopPKll(
// CHECK: call ptr asm sideeffect "movq __sprig_tls_views@gottpoff(%rip), $0
// CHECK: call {{.*}} @__sprig_reducer_lookup(
// CHECK: {{^[0-9a-z._]+}}:
// CHECK-NOT: __sprig_tls_views
// CHECK-NOT: call {{.*}}@__sprig
// CHECK: ret void
void loop(const long *a, long n) {
  for (long i = 0; i < n; ++i)
    *total += a[i];
}

__attribute__((noinline)) long leaf(long x) { return x + 1; }

// One read of the map before the spawn, one after it, one after the sync.
// CHECK-LABEL: define {{.*}} @_Z6spawnsl(
// CHECK: __sprig_tls_views
// CHECK: __sprig_tls_views
// CHECK: __sprig_tls_views
// CHECK-LABEL: define
void spawns(long x) {
  *total += x;
  long y = 0;
  [[sprig::spawn]] y = leaf(x);
  *total += 2 * x;
  [[sprig::sync]];
  *total += y;
}

// Under --race a local is a new object where its lifetime starts, and so is a byval
// parameter at its function's entry: the detector forgets what their bytes saw before
// (the backend gives locals with disjoint lifetimes one stack slot; every call's
// by-value arguments share the caller's outgoing-argument area). Without it, an inlined
// callee's temporary written by a child and a later local in the same slot looked like
// one object accessed in parallel (random program 78548, fuzz-regress.test).
// RUN: %sprigxx --race -O1 -S -emit-llvm %s -o - | FileCheck %s
struct Big {
  long a[12];
};

// CHECK-LABEL: define {{.*}} @_Z4bump3Bigl(
// CHECK-SAME: byval(%struct.Big){{.*}} %[[B:[0-9a-z.]+]],
// CHECK-NOT: {{^}}}
// CHECK: call void @__sprig_race_forget(ptr %[[B]], i64 96)
long bump(Big b, long k) {
  b.a[k % 12] += k;
  return b.a[0] + b.a[k % 12];
}

__attribute__((noinline)) void fill(long *p, long n) {
  for (long i = 0; i < n; ++i)
    p[i] = i;
}

// CHECK-LABEL: define {{.*}} @_Z6blocksl(
// CHECK: call void @llvm.lifetime.start.p0(ptr {{.*}}%[[A:[0-9a-z.]+]])
// CHECK-NEXT: call void @__sprig_race_forget(ptr {{.*}}%[[A]], i64 80)
long blocks(long n) {
  long s = 0;
  {
    long a[10];
    fill(a, 10);
    s += a[n % 10];
  }
  {
    long b[10];
    fill(b, 10);
    s += b[(n + 1) % 10];
  }
  return s;
}

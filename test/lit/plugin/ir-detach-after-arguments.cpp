// In the helper, the detach (the inlined push of the parent onto the deque, ending with
// the publishing store of the deque's bottom: release, on x86-64 a volatile increment
// after a compiler barrier, SPRIG_OWNER_PUBLISH_INCREMENT) comes after every argument is
// evaluated (a
// by-value argument's copy constructor, a nested call) and right before the spawned
// call. The push's slow path may wake a sleeping worker (a sleeper lowered the bound).
// RUN: %sprigxx -O0 -S -emit-llvm %s -o - | FileCheck %s
// RUN: %sprigxx -O2 -S -emit-llvm %s -o - | FileCheck %s

struct Big {
  Big(const Big &);
  ~Big();
  int v[8];
};
int arg(int);
int g(Big b, int k);

int parent(const Big &b) {
  int r;
  [[sprig::spawn]] r = g(b, arg(7));
  [[sprig::sync]];
  return r;
}

// CHECK-LABEL: define internal {{.*}}void @_Z6parentRK3Big.sprig.spawn.{{[0-9]+}}(
// CHECK-NOT:     store {{atomic|volatile}} i64
// CHECK-NOT:     @_Z1g3Bigi
// CHECK-DAG:     {{call|invoke}} void @_ZN3BigC1ERKS_(
// CHECK-DAG:     {{call|invoke}} {{.*}}i32 @_Z3argi(i32 {{.*}}7)
// CHECK:         store volatile i64
// CHECK-NOT:     @_ZN3BigC1ERKS_
// CHECK-NOT:     @_Z3argi
// CHECK:         {{call|invoke}} {{.*}}i32 @_Z1g3Bigi(
// CHECK:       {{^}}}

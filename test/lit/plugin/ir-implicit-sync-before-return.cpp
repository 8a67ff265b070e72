// A function that spawns syncs implicitly before each return: before the return value
// is computed and before locals are destroyed (the sync's slow path, a call of
// @__sprig_sync_capture, precedes each return's code), and leaves its frame last.
// RUN: %sprigxx -O0 -S -emit-llvm %s -o - | FileCheck %s

struct Local {
  Local();
  ~Local();
  int size() const;
};
int f(int);
int value_after_sync(int);

int early(int n) {
  Local s;
  int a;
  [[sprig::spawn]] a = f(n);
  if (n > 10)
    return value_after_sync(-1);
  int b = f(n + 1);
  return a + b + s.size();
}

void falls_off(int n) {
  int a;
  [[sprig::spawn]] a = f(n);
}

// CHECK-LABEL: define {{.*}}i32 @_Z5earlyi(
// CHECK:         {{call|invoke}} {{.*}}void @_Z5earlyi.sprig.spawn.{{[0-9]+}}(
// The early return:
// CHECK:         call preserve_nonecc void @__sprig_sync_capture(
// CHECK:         {{call|invoke}} {{.*}}i32 @_Z16value_after_synci(i32 {{.*}}-1)
// The final return:
// CHECK:         {{call|invoke}} {{.*}}i32 @_Z1fi(
// CHECK:         call preserve_nonecc void @__sprig_sync_capture(
// CHECK:         {{call|invoke}} {{.*}}i32 @_ZNK5Local4sizeEv(
// CHECK:         call void @_ZN5LocalD1Ev(
// CHECK:         ret i32
// CHECK:       {{^}}}

// CHECK-LABEL: define {{.*}}void @_Z9falls_offi(
// CHECK:         {{call|invoke}} {{.*}}void @_Z9falls_offi.sprig.spawn.{{[0-9]+}}(
// CHECK:         call preserve_nonecc void @__sprig_sync_capture(
// CHECK:         ret void
// CHECK:       {{^}}}

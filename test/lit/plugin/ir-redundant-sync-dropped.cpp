// A sync reached straight from another sync with no spawn in between waits for nothing:
// `[[sprig::sync]]; return x + y;` keeps one wait, not two (the implicit sync before the
// return is dropped). A spawn between them keeps both (exec/sync-then-spawn-return.cpp).
// RUN: %sprigxx -O0 -fno-exceptions -S -emit-llvm %s -o - | FileCheck %s
long f(long);
// CHECK-LABEL: define {{.*}}@_Z3onel(
// CHECK-COUNT-1: call preserve_nonecc void @__sprig_sync_capture
// CHECK-NOT: call preserve_nonecc void @__sprig_sync_capture
// CHECK: ret i64
long one(long n) {
  long x, y;
  [[sprig::spawn]] x = f(n - 1);
  y = f(n - 2);
  [[sprig::sync]];
  return x + y;
}
// CHECK-LABEL: define {{.*}}@_Z3twol(
// CHECK-COUNT-2: call preserve_nonecc void @__sprig_sync_capture
// CHECK-NOT: call preserve_nonecc void @__sprig_sync_capture
// CHECK: ret i64
long two(long n) {
  long x, y;
  [[sprig::spawn]] x = f(n - 1);
  [[sprig::sync]];
  [[sprig::spawn]] y = f(n - 2);
  return x + y;
}

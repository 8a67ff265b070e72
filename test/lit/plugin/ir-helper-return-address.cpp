// On x86-64 each spawn is outlined into an internal helper `<parent>.sprig.spawn.N`,
// called with the preserve_none convention: the helper's return address is the parent's
// continuation (docs/design.md, "Continuations"), so the parent has no setjmp and calls
// the helper unconditionally. The helper records that return address before anything
// can steal the frame, then calls the spawned function. At -O0 and -O2.
// RUN: %sprigxx -O0 -S -emit-llvm %s -o - | FileCheck %s
// RUN: %sprigxx -O2 -S -emit-llvm %s -o - | FileCheck %s

int f(int);
void sink(int);

void parent(int n) {
  int a, b;
  [[sprig::spawn]] a = f(n);
  [[sprig::spawn]] b = f(n + 1);
  [[sprig::sync]];
  sink(a + b);
}

// CHECK-LABEL: define {{.*}}void @_Z6parenti(
// CHECK-NOT:     setjmp
// CHECK:         {{call|invoke}} preserve_nonecc void @_Z6parenti.sprig.spawn.0(ptr
// CHECK-NOT:     setjmp
// CHECK:         {{call|invoke}} preserve_nonecc void @_Z6parenti.sprig.spawn.1(ptr
// CHECK-NOT:     setjmp
// CHECK:         call preserve_nonecc void @__sprig_sync_capture(ptr
// CHECK-NOT:     setjmp
// CHECK:       {{^}}}

// The helpers are internal, take the parent's frame first, record their return address
// in the parent's frame, and call the spawned function.
// CHECK:       define internal preserve_nonecc void @_Z6parenti.sprig.spawn.{{[01]}}(ptr
// CHECK:         call ptr @llvm.returnaddress(i32 0)
// CHECK:         {{call|invoke}} {{.*}}i32 @_Z1fi(
// CHECK:       define internal preserve_nonecc void @_Z6parenti.sprig.spawn.{{[01]}}(ptr
// CHECK:         call ptr @llvm.returnaddress(i32 0)
// CHECK:         {{call|invoke}} {{.*}}i32 @_Z1fi(

// On x86-64 each spawn is outlined into an internal helper `<parent>.sprig.spawn.N`,
// called with the preserve_none convention: the helper's return address is the parent's
// continuation (docs/design.md, "Continuations"), so the parent has no setjmp and calls
// the helper unconditionally. Since ABI 11 the helper stores nothing of it: a thief
// reads the return address from the parent's stack, one word below ctx[SP]
// (sprig_stolen_resume_pc). With -mllvm -sprig-check-resume-pc the helper records it
// where the thief checks it (ctx[SSP], the CHECK_PC flag). At -O0 and -O2.
// RUN: %sprigxx -O0 -S -emit-llvm %s -o - | FileCheck %s
// RUN: %sprigxx -O2 -S -emit-llvm %s -o - | FileCheck %s
// RUN: %sprigxx -O2 -mllvm -sprig-check-resume-pc -S -emit-llvm %s -o - | FileCheck %s --check-prefix=CHK

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

// The helpers are internal, take the parent's frame first and call the spawned function;
// they do not record their return address.
// CHECK:       define internal preserve_nonecc void @_Z6parenti.sprig.spawn.{{[01]}}(ptr
// CHECK-NOT:     @llvm.returnaddress
// CHECK:         {{call|invoke}} {{.*}}i32 @_Z1fi(
// CHECK:       define internal preserve_nonecc void @_Z6parenti.sprig.spawn.{{[01]}}(ptr
// CHECK-NOT:     @llvm.returnaddress
// CHECK:         {{call|invoke}} {{.*}}i32 @_Z1fi(
// CHECK-NOT:     @llvm.returnaddress

// The check: the return address into ctx[SSP] (byte 8 + 3 * 8 = 32 of the frame), the
// CHECK_PC bit (0x20) into flags, before the detach.
// CHK:       define internal preserve_nonecc void @_Z6parenti.sprig.spawn.{{[01]}}(ptr
// CHK:         %[[RA:.*]] = {{.*}}call ptr @llvm.returnaddress(i32 0)
// CHK:         store ptr %[[RA]], ptr %[[PC:.*]],
// CHK:         or i32 {{.*}}, 32
// CHK:         {{call|invoke}} {{.*}}i32 @_Z1fi(

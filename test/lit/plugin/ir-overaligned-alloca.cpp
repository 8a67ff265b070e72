// An over-aligned local of a spawning function is not realigned through the stack
// pointer: its alloca becomes a 16-aligned buffer whose address is rounded up with
// llvm.ptrmask.
// RUN: %sprigxx -O0 -S -emit-llvm %s -o - | FileCheck %s
// At -O2 the local has lifetime markers, which may only name an alloca: they go with it
// (the verifier rejected the rounded-up address as their operand).
// RUN: %sprigxx -O2 -S -emit-llvm %s -o %t.O2.ll
// RUN: opt -passes=verify -disable-output %t.O2.ll

void use(float *);
int f(int);

int parent(int n) {
  alignas(64) float buf[16];
  use(buf);
  int a;
  [[sprig::spawn]] a = f(n);
  [[sprig::sync]];
  use(buf);
  return a;
}

// CHECK-LABEL: define {{.*}}i32 @_Z6parenti(
// CHECK-NOT:     alloca {{.*}}, align 64
// CHECK:         [[RAW:%.*]] = alloca [128 x i8], align 16
// CHECK:         [[BUMP:%.*]] = getelementptr inbounds i8, ptr [[RAW]], i64 63
// CHECK:         call ptr @llvm.ptrmask.p0.i64(ptr [[BUMP]], i64 -64)
// CHECK:       {{^}}}

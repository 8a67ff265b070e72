// The invariant of return-address continuations (docs/design.md, "Continuations"): after
// every call of a spawn helper or of __sprig_sync_capture, the code reads nothing from a
// register but %rbp and %rsp (and no flag) before writing it. A thief enters at that
// return address with only those two set, so a value the code generator kept in any
// other register across the call would be garbage there. preserve_none guarantees it
// (LLVM 22, checked at build time); this pins it in the generated assembly at -O0..-O3,
// on hand-written spawning functions and on two generated programs (test/fuzz/gen.py),
// and the checker itself must catch a planted violation.
// RUN: %sprigxx -O0 -S %s -o %t.O0.s
// RUN: %sprigxx -O1 -S %s -o %t.O1.s
// RUN: %sprigxx -O2 -S %s -o %t.O2.s
// RUN: %sprigxx -O3 -S %s -o %t.O3.s
// RUN: %python %S/Inputs/check_resume_points.py %t.O0.s %t.O1.s %t.O2.s %t.O3.s | FileCheck %s
// RUN: %python %S/../../fuzz/gen.py 3 > %t.g3.cpp
// RUN: %sprigxx -O2 -S %t.g3.cpp -o %t.g3.s
// RUN: %python %S/../../fuzz/gen.py 42 > %t.g42.cpp
// RUN: %sprigxx -O1 -S %t.g42.cpp -o %t.g42.s
// RUN: %python %S/Inputs/check_resume_points.py %t.g3.s %t.g42.s | FileCheck %s --check-prefix=GEN
// RUN: not %python %S/Inputs/check_resume_points.py %S/Inputs/resume-point-violation.s | FileCheck %s --check-prefix=BAD
// CHECK: resume points: {{[1-9][0-9]+}} checked, 0 violations
// GEN: resume points: {{[1-9][0-9][0-9]+}} checked, 0 violations
// BAD: violation: {{.*}}'addq %rbx, %rax' reads %rbx, not written since the call
// BAD: violation: {{.*}}'jne .LBB0_3' reads flags not set since the call
// BAD: resume points: 2 checked, 2 violations
#include <stdexcept>

long fib(int n) {
  if (n < 2)
    return n;
  long x, y;
  [[sprig::spawn]] x = fib(n - 1);
  y = fib(n - 2);
  [[sprig::sync]];
  return x + y;
}

double leaf(double a, int i);

// Values of every kind live across spawns and syncs: integers, doubles, a pointer.
double mixed(const double *v, int n, double scale) {
  double out[8] = {0};
  long count = 0;
  for (int i = 0; i < 8 && i < n; ++i) {
    [[sprig::spawn]] out[i] = leaf(v[i] * scale, i);
    count += i * 3;
  }
  [[sprig::sync]];
  double s = scale * (double)count;
  for (int i = 0; i < 8; ++i)
    s += out[i];
  return s;
}

// A spawn and a sync inside a try, with a catch that uses a value from before.
int guarded(int k) {
  int a = 0, b = k * 7;
  try {
    [[sprig::spawn]] a = (int)fib(k);
    [[sprig::sync]];
  } catch (const std::exception &) {
    return b;
  }
  return a + b;
}

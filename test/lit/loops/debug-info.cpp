// Parallel loops with -g. The chunk a loop body becomes (F.sprig.pfor.N) has a
// subprogram of its own, and the body's locations are "inlined" into it at the loop's
// line, so a breakpoint on a body line, a profile and a backtrace find the source (the
// body's variables are not described). Checked: the IR passes the verifier at -O0 and
// -O2 (clang itself runs with it off), the body's line is there with an inlined-at, no
// assignment-tracking link is left (-O1 and above crashed codegen before), and
// nested-and-spawning.cpp with -g runs like its serial elision at -O0..-O3, P=1,2,4,8.
// RUN: %sprigxx -O0 -g -S -emit-llvm %s -o %t.O0.ll
// RUN: opt -passes=verify -disable-output %t.O0.ll
// RUN: FileCheck %s < %t.O0.ll
// RUN: %sprigxx -O2 -g -S -emit-llvm %s -o %t.O2.ll
// RUN: opt -passes=verify -disable-output %t.O2.ll
// RUN: FileCheck %s --check-prefix=O2 < %t.O2.ll
// RUN: %run_opts %S/nested-and-spawning.cpp %t -g | FileCheck %S/nested-and-spawning.cpp
__attribute__((noinline)) long work(long i) { return i * 3; }
long a[1000];

void fill() {
  [[sprig::parallel_for]] for (long i = 0; i < 1000; ++i) {
    long w = work(i);
    a[i] = w + 1;  // line 21
  }
}
// CHECK: define internal void @_Z4fillv.sprig.pfor.0({{.*}}) {{.*}}!dbg [[SP:![0-9]+]]
// CHECK: [[SP]] = distinct !DISubprogram(name: "_Z4fillv.sprig.pfor.0"{{.*}}flags: DIFlagArtificial
// CHECK: !DILocation(line: 21, {{.*}}inlinedAt:
// O2-LABEL: define internal void @_Z4fillv.sprig.pfor.0(
// O2-NOT: DIAssignID
// O2: ret void
// O2: distinct !DISubprogram(name: "_Z4fillv.sprig.pfor.0"

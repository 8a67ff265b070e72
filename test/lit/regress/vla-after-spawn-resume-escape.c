// A variable-length array made after a spawn and its sync, then written by a child: the
// helper takes its address (memory from the spawning function's arena, __sprig_alloca),
// and the lowering made every resumed block of the function escape it, also the blocks
// of the first spawn and sync, which come before the array is made: "Instruction does
// not dominate all uses!" in the module the plugin left, and clang crashed in the
// register coalescer (found by the fuzzer's C programs, gen.py --lang c seeds 6, 11,
// 13 and 19 of 20). Now a pointer that does not dominate a resumed block escapes where
// it is made, and that block clobbers memory (lower/FrameFixups.cpp,
// escapeSharedOnResume).
// RUN: %sprigcc -O0 -S -emit-llvm %s -o %t.ll
// RUN: %opt -passes=verify -disable-output %t.ll
// RUN: %run_opts_c %s %t | FileCheck %s
// CHECK: 13 19 5 41
#include <stdio.h>

static long g(long n) { return n * 3 + 1; }

static long f(int n) {
  long x;
  [[sprig::spawn]] x = g(n);
  [[sprig::sync]];
  long va[n];
  va[1] = 5;
  [[sprig::spawn]] va[0] = g(n + 2);
  for (int i = 2; i < n; ++i)
    [[sprig::spawn]] va[i] = g(i);
  [[sprig::sync]];
  long s = 0;
  for (int i = 0; i < n; ++i)
    s += va[i];
  printf("%ld %ld %ld ", x, va[0], va[1]);
  return s;
}

int main(void) {
  printf("%ld\n", f(4));
  return 0;
}

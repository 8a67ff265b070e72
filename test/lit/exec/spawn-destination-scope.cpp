// A spawned variable (declaration form) or assignment target whose scope ends before
// the next sync: the child may still be writing it when the scope is left, so its
// storage must not be reused for another variable before the sync (or the end of the
// scope must wait for the child). Here every other block's variables must keep their
// values, whatever the children still running do.
// RUN: %clangxx -O2 -Wno-unknown-attributes %s -o %t.serial
// RUN: %sprigxx -O2 %s -o %t.par
// RUN: %run_p %t.serial %t.par | FileCheck %s
// CHECK: clobbered=0
#include <cstdio>

long fib(int n) { return n < 2 ? n : fib(n - 1) + fib(n - 2); }
__attribute__((noinline)) void use(long *p) { __asm__ volatile("" : : "r"(p) : "memory"); }

int clobbered = 0;

void scopes(int n) {
  {
    [[sprig::spawn]] long dead = fib(n + 2);  // never read; its scope ends at once
  }
  {
    long t;
    [[sprig::spawn]] t = fib(n + 2);  // the same with the assignment form
  }
  // Variables of the next scopes may be given the dead variables' stack slots.
  [[sprig::spawn]] long z = fib(n - 6);  // finishes long before the two above
  long keep = n;
  use(&keep);
  [[sprig::sync]];
  if (z != fib(n - 6))
    clobbered++;
  if (keep != n)
    clobbered++;
}

int main() {
  for (int r = 0; r < 30; ++r)
    scopes(20 + r % 4);
  std::printf("clobbered=%d\n", clobbered);
}

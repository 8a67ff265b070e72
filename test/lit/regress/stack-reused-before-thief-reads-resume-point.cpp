// A thief read a stolen continuation's resume point after its steal's CAS: the return
// address of the parent's helper call, one word below ctx[SP] on the parent's stack
// (sprig_stolen_resume_pc, x86-64's return-address continuations). Once the CAS has
// taken the entry, the child may end, its pop fail, and its worker leave that stack; when
// the stack is a fiber that does not hold the parent's frame (the parent's continuation
// ran there after an earlier steal: the loops below) the worker freed it, took it again
// for its next steal, and the next continuation's first helper call wrote its own return
// address into the same word. A thief descheduled in that window resumed the parent at
// that other address: a continuation run twice or in the wrong place, frames on the
// parent's stack overwritten (fuzz seed 91559: SIGSEGV or SIGABRT about 1 run in 2,000
// under SPRIGTEST_STRESS at 4 workers). Now the thief announces the frame before its CAS
// and withdraws it after reading the resume point, and that free waits while the frame
// is announced (child_done). SPRIGTEST_STEAL_PAUSE_US makes one winning thief in four
// sleep between its CAS and its resume: without the fix 10 of the 12 runs below crashed
// or printed a wrong sum.
// REQUIRES: x86_64
// RUN: %sprigxx -O2 %s -o %t
// RUN: bash -c 'for s in 1 2 3 4 5 6 7 8 9 10 11 12; do SPRIGTEST_STRESS=$s SPRIGTEST_STEAL_PAUSE_US=200 SPRIG_NWORKERS=4 %t || echo "seed $s: exit $?"; done' 2>&1 | FileCheck %s
// RUN: bash -c 'for s in 1 2 3 4; do SPRIGTEST_STRESS=$s SPRIGTEST_STEAL_PAUSE_US=100 SPRIG_NWORKERS=8 %t || echo "seed $s: exit $?"; done' 2>&1 | FileCheck %s --check-prefix=P8
// CHECK-COUNT-12: tree=119998984 loop=17530331
// CHECK-NOT: {{.}}
// P8-COUNT-4: tree=119998984 loop=17530331
// P8-NOT: {{.}}
#include <cstdio>

static long leaf(long x) { return x % 7 + 1; }

// Loops of spawns: after a steal the loop's continuation runs on the thief's fiber while
// the frame stays on the stack it was called on, and each next child's helper call is
// made with %rsp at that fiber's top.
static long tree(int d, long x) {
  if (d == 0)
    return leaf(x);
  long r[4];
  for (int i = 0; i < 4; ++i)
    [[sprig::spawn]] r[i] = tree(d - 1, x * 4 + i);
  [[sprig::sync]];
  return r[0] + 2 * r[1] + 3 * r[2] + 4 * r[3];
}

static long loop(int n) {
  long v[64];
  for (int i = 0; i < n; ++i)
    [[sprig::spawn]] v[i] = tree(i % 5, i);
  [[sprig::sync]];
  long s = 0;
  for (int i = 0; i < n; ++i)
    s += v[i] * (i + 1);
  return s;
}

int main() {
  long t = 0;
  for (int k = 0; k < 3; ++k)
    t += tree(7, k);
  std::printf("tree=%ld loop=%ld\n", t, loop(64));
  return 0;
}

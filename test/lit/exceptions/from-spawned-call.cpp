// A spawned call that throws: the exception reaches the sync (or the implicit sync at
// the function's end) and propagates to the caller's handler, as in the serial program;
// the other children run to completion; when two children throw, the exception of the
// one first in serial order reaches the caller; the runtime remains usable afterwards. The
// spawning function has no local with a destructor (no cleanup of its own).
// RUN: %clangxx -O2 -Wno-unknown-attributes %s -o %t.serial
// RUN: %sprigxx -O2 %s -o %t.par
// RUN: %run_p %t.serial %t.par | FileCheck %s
// CHECK: round 0: caught boom 5
// CHECK: round 1: caught boom 5
// CHECK: round 2: caught boom 5
// CHECK: round 3: no exception
// CHECK: two throwers: caught boom 5
// CHECK: after: 196418
#include <cstdio>
#include <stdexcept>
#include <string>

long fib(int n) { return n < 2 ? n : fib(n - 1) + fib(n - 2); }
long sink[16];

void child(int i, int bad) {
  sink[i] = fib(20 + i % 3);
  if (i == bad || (bad == 105 && (i == 5 || i == 9)))
    throw std::runtime_error("boom " + std::to_string(i));
}

void spawner(int bad) {
  for (int i = 0; i < 16; ++i)
    [[sprig::spawn]] child(i, bad);
  if (bad < 16)
    return;  // the early return's implicit sync throws
  [[sprig::sync]];
}

#include "../exec/Inputs/pfib.h"  // pfib: a parallel fib

int main() {
  for (int round = 0; round < 4; ++round) {
    try {
      spawner(round == 3 ? 99 : 5);
      std::printf("round %d: no exception\n", round);
    } catch (const std::exception &e) {
      std::printf("round %d: caught %s\n", round, e.what());
    }
  }
  // Two children throw: the one first in serial order wins (the serial program never
  // reaches the second).
  try {
    spawner(105);
    std::printf("two throwers: no exception\n");
  } catch (const std::exception &e) {
    std::printf("two throwers: caught %s\n", e.what());
  }
  std::printf("after: %ld\n", pfib(27));
}

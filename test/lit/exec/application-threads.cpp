// Several application threads (std::thread) call spawning functions at the same time:
// each becomes a root of its own computation on the shared worker pool.
// RUN: %clangxx -O2 -Wno-unknown-attributes -pthread %s -o %t.serial
// RUN: %sprigxx -O2 %s -o %t.par
// RUN: %run_p %t.serial %t.par | FileCheck %s
// CHECK: thread 0: 88555
// CHECK: thread 1: 143285
// CHECK: thread 2: 231840
// CHECK: thread 3: 375125
#include <cstdio>
#include <thread>

#include "Inputs/pfib.h"  // pfib: a parallel fib

int main() {
  long r[4];
  std::thread t[4];
  for (int i = 0; i < 4; ++i)
    t[i] = std::thread([&r, i] {
      long s = 0;
      for (int k = 0; k < 5; ++k)
        s += pfib(22 + i);
      r[i] = s;
    });
  for (auto &th : t)
    th.join();
  for (int i = 0; i < 4; ++i)
    std::printf("thread %d: %ld\n", i, r[i]);
}

// main spawns and syncs (its root frame stays bound until it returns), then a thread it
// joins calls a spawning function: two roots at once, on two root slots.
// RUN: %clangxx -O2 -Wno-unknown-attributes -pthread %s -o %t.serial
// RUN: %sprigxx -O2 %s -o %t.par
// RUN: env SPRIGTEST_RUN_REPEAT=10 %run_p %t.serial %t.par | FileCheck %s
// CHECK: 55 55
#include <cstdio>
#include <thread>
#include "../exec/Inputs/pfib.h"
int main() {
  long a;
  [[sprig::spawn]] a = pfib(10);
  [[sprig::sync]];
  long t = 0;
  std::thread th([&] { t = pfib(10); });
  th.join();
  std::printf("%ld %ld\n", a, t);
}

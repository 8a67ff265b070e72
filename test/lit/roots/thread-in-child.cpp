// A spawned child starts a std::thread that calls a spawning function, and joins it:
// the thread is a root of its own (a root slot, not the one-root mutex that deadlocked).
// RUN: %clangxx -O2 -Wno-unknown-attributes -pthread %s -o %t.serial
// RUN: %sprigxx -O2 %s -o %t.par
// RUN: env SPRIGTEST_RUN_REPEAT=10 %run_p %t.serial %t.par | FileCheck %s
// CHECK: x=610 y=55 OK
#include <cstdio>
#include <thread>
#include "../exec/Inputs/pfib.h"
long child() {
  long r = 0;
  std::thread t([&] { r = pfib(15); });
  t.join();
  return r;
}
int main() {
  long x, y;
  [[sprig::spawn]] x = child();
  y = pfib(10);
  [[sprig::sync]];
  std::printf("x=%ld y=%ld %s\n", x, y, x == 610 && y == 55 ? "OK" : "WRONG");
}

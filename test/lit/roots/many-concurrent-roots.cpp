// Many application threads in root computations at the same time, more than there are
// root slots (config::kMaxRoots = 256): every thread holds its root until all 300 have
// entered, so 44 of them find no slot free and run serially. All results right.
// RUN: %clangxx -O2 -Wno-unknown-attributes -pthread %s -o %t.serial
// RUN: %sprigxx -O2 %s -o %t.par
// RUN: env SPRIGTEST_RUN_REPEAT=1 %run_p %t.serial %t.par | FileCheck %s
// CHECK: threads=300 sum=226200 entered=300
#include <atomic>
#include <cstdio>
#include <sched.h>
#include <thread>
#include <vector>
#include "../exec/Inputs/pfib.h"
constexpr int T = 300;
std::atomic<int> entered{0};
long hold(int n) {
  entered.fetch_add(1);
  while (entered.load() < T)
    sched_yield();
  return pfib(n);
}
long root(int n) {
  long a, b;
  [[sprig::spawn]] a = pfib(n);
  b = hold(n);
  [[sprig::sync]];
  return a + b;
}
int main() {
  std::vector<long> r(T);
  std::vector<std::thread> th;
  for (int i = 0; i < T; ++i)
    th.emplace_back([&r, i] { r[i] = root(14); });
  for (auto &t : th)
    t.join();
  long s = 0;
  for (long x : r)
    s += x;
  std::printf("threads=%d sum=%ld entered=%d\n", T, s, entered.load());
}

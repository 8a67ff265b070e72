// A program that uses no reducer: its steals make no allocation and take no lock in the
// reducer runtime (SPRIGTEST_REDUCER_COUNTS=1 counts that path's steals, allocations and
// stripe locks). Each child waits for its continuation, so at P >= 2 thieves steal. The
// same program with a reducer (-DREDUCER; its module turns tracking on) allocates and
// locks on those steals, which shows the counts see them.
// RUN: %sprigxx -O2 -I%sprig_inc %s -o %t
// RUN: %clangxx -O2 -Wno-unknown-attributes -I%sprig_inc %s -o %t.serial
// RUN: %run_p %t.serial %t | FileCheck %s
// RUN: env SPRIGTEST_REDUCER_COUNTS=1 SPRIG_NWORKERS=2 %t 2>&1 | FileCheck %s --check-prefix=NONE
// RUN: env SPRIGTEST_REDUCER_COUNTS=1 SPRIG_NWORKERS=4 %t 2>&1 | FileCheck %s --check-prefix=NONE
// RUN: env SPRIGTEST_REDUCER_COUNTS=1 SPRIG_NWORKERS=8 %t 2>&1 | FileCheck %s --check-prefix=NONE
// RUN: %sprigxx -O2 -DREDUCER -I%sprig_inc %s -o %t.red
// RUN: env SPRIGTEST_REDUCER_COUNTS=1 SPRIG_NWORKERS=2 %t.red 2>&1 | FileCheck %s --check-prefix=SOME
// CHECK: total 266
// NONE: sprigtest reducers: steals {{[1-9][0-9]*}} allocations 0 locks 0 given-up 0
// SOME: sprigtest reducers: steals {{[1-9][0-9]*}} allocations {{[1-9][0-9]*}} locks {{[1-9][0-9]*}} given-up 0
#include <atomic>
#include <chrono>
#include <cstdio>
#include <thread>
#ifdef REDUCER
#include <sprig/reducer.h>
sprig::reducer<sprig::op_add<long>> red;
#endif

static std::atomic<int> cont_ran{0};
// Up to 2 ms: long enough for a thief to take the continuation at P >= 2 (a request
// the owner cannot answer while it waits here is forced after about 50 us), short
// enough for the runs at P = 1, where every child waits it out.
__attribute__((noinline)) void wait_for_continuation() {
  auto until = std::chrono::steady_clock::now() + std::chrono::milliseconds(2);
  while (!cont_ran.load() && std::chrono::steady_clock::now() < until)
    std::this_thread::yield();
}
long leaf(int i) { return i % 3; }
long step(int i) {
  long a = 0;
  [[sprig::spawn]] wait_for_continuation();
  cont_ran = 1;
  a = leaf(i);
  [[sprig::sync]];
  cont_ran = 0;
  return a;
}
int main() {
  long total = 0;
  for (int i = 0; i < 400; ++i)
    total += step(i) ? 1 : 0;
#ifdef REDUCER
  *red += total;
#endif
  std::printf("total %ld\n", total);
}

// When the OS has no memory for a new fiber stack (mmap fails: ulimit -v, overcommit
// limits), a thief does not steal: it needs a stack for the continuation, so it takes
// one (fiber_reserve) before it takes a frame, and without one leaves the work to its
// owner. The computation completes with the serial result. Before: "sprig: cannot map a
// fiber stack" and abort. The failing mmap is an LD_PRELOAD shim built here: it fails
// every fiber mapping after the first N (the first one: the root thread's scheduler stack).
// (The shim is never built with a sanitizer, -fno-sanitize=all after %clangxx's flags: it
// is preloaded into every process of the RUN line, env and bash included.)
// RUN: %clangxx -O2 -fno-sanitize=all -shared -fPIC %S/Inputs/fail-mmap-stack.c -o %t.so -ldl
// RUN: %sprigxx -O2 %s -o %t
// RUN: %clangxx -O2 -Wno-unknown-attributes %s -o %t.serial
// RUN: env LD_PRELOAD=%t.so FAIL_MMAP_STACK_AFTER=1 %run_p %t.serial %t | FileCheck %s
// RUN: env LD_PRELOAD=%t.so FAIL_MMAP_STACK_AFTER=3 %run_p %t.serial %t | FileCheck %s
// CHECK: pfib(24) = 46368
//
// The failure did happen, and the runtime took the path it should: at P=2 with no
// fiber to be had (AFTER=1), the shim refused at least one fiber mapping (a thief's
// fiber_reserve, while the child below waits for its continuation), and the runtime
// stole nothing and mapped no fiber beyond the one let through, the root's (SPRIG_STATS'
// totals).
// RUN: env LD_PRELOAD=%t.so FAIL_MMAP_STACK_AFTER=1 FAIL_MMAP_STACK_REPORT=1 SPRIG_NWORKERS=2 SPRIG_STATS=1 %t 2> %t.err | FileCheck %s
// RUN: FileCheck %s --check-prefix=FAULT < %t.err
// RUN: awk '$1 == "total" { print "steals", $3, "fibers", $9 }' %t.err | FileCheck %s --check-prefix=STATS
// FAULT: fail-mmap-stack: 1 MAP_STACK mappings let through, {{[1-9][0-9]*}} refused
// STATS: steals 0 fibers 1
#include "../exec/Inputs/pfib.h"
#include <atomic>
#include <chrono>
#include <cstdio>
#include <thread>
// The child waits (up to 300 ms) for its continuation, so at P >= 2 a thief tries to
// steal it, and needs a stack to run it on.
static std::atomic<int> cont_ran{0};
__attribute__((noinline)) void wait_for_continuation() {
  auto until = std::chrono::steady_clock::now() + std::chrono::milliseconds(300);
  while (!cont_ran.load() && std::chrono::steady_clock::now() < until)
    std::this_thread::yield();
}
long run() {
  [[sprig::spawn]] wait_for_continuation();
  long r = pfib(24);
  cont_ran = 1;
  [[sprig::sync]];
  return r;
}
int main() { std::printf("pfib(24) = %ld\n", run()); }

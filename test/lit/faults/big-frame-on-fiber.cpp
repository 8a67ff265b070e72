// A stolen continuation on a fiber calls a recursive function with 100 KB frames, larger
// than the guard region below the fiber. sprig++ builds with -fstack-clash-protection, so
// each frame probes its pages in order and the overflow faults in the guard: a clear
// report and status 134, not a write into the neighbouring fiber or a bare SIGSEGV
// (before: one 4 KiB guard page, jumped over).
// The child waits until the continuation has run, so at P=2 it is certainly stolen.
// RUN: %sprigxx -O2 %s -o %t
// RUN: env SPRIG_NWORKERS=2 %expect_exit 134 %t 40 2>&1 | FileCheck %s
// CHECK: continuation on a fiber
// CHECK: sprig: stack overflow on worker {{[0-9]+}} (fiber stacks are 1048576 bytes); raise SPRIG_STACKSIZE
// CHECK-NOT: deepest
#include <sprig/sprig.h>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <thread>
static std::atomic<int> cont_ran{0};
__attribute__((noinline)) long big(int d) {
  char buf[100000];  // escapes below, so the compiler keeps all of it
  buf[0] = static_cast<char>(d);
  buf[sizeof buf - 1] = static_cast<char>(d);
  __asm__ volatile("" : : "r"(buf) : "memory");
  long r = d > 0 ? big(d - 1) : 0;
  __asm__ volatile("" : : "r"(buf) : "memory");
  return r + buf[0] + buf[sizeof buf - 1];
}
__attribute__((noinline)) void wait_for_continuation() {
  auto until = std::chrono::steady_clock::now() + std::chrono::seconds(10);
  while (!cont_ran.load() && std::chrono::steady_clock::now() < until)
    std::this_thread::yield();
}
long run(int depth) {
  [[sprig::spawn]] wait_for_continuation();
  std::fprintf(stderr, "continuation on a %s\n", sprig::worker_id() == 0 ? "native stack" : "fiber");
  long r = big(depth);  // 40 x 100 KB = 4 MB on a 1 MiB fiber
  cont_ran = 1;
  [[sprig::sync]];
  return r;
}
int main(int argc, char **argv) {
  long r = run(std::atoi(argv[1]));
  std::printf("deepest: %ld\n", r);
}

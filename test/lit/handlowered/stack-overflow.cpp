// A stolen continuation runs on a fiber with a guard page below it. When it recurses past
// its SPRIG_STACKSIZE=64K stack, the runtime reports it clearly (not a bare SIGSEGV):
//   sprig: stack overflow on worker 1 (fiber stacks are 65536 bytes); raise SPRIG_STACKSIZE...
// and exits with status 134.
// The child spins until the continuation runs (so the continuation is certainly stolen
// and on a fiber); the continuation then recurses about 2 MiB deep.
//
// RUN: %clangxx -std=c++20 -O2 -I%sprig_inc %s -o %t -L%sprig_lib -Wl,-rpath,%sprig_lib -lsprig
// RUN: env SPRIG_NWORKERS=2 SPRIG_STACKSIZE=64K %expect_exit 134 %t 2>&1 | FileCheck %s
// CHECK: continuation stolen
// CHECK: sprig: stack overflow on worker 1 (fiber stacks are 65536 bytes); raise SPRIG_STACKSIZE
// CHECK-NOT: depth reached
#include "sprig/abi.h"
#include <chrono>
#include <cstdio>
#include <pthread.h>

static pthread_t main_thread;

// About 1 KiB of stack per level: the buffer escapes into an asm statement, so the
// compiler must allocate all of it, and the result is used after the call, so the
// recursion is not turned into a loop.
static __attribute__((noinline)) long recurse(long depth) {
  char buf[1024];
  buf[0] = static_cast<char>(depth);
  __asm__ volatile("" : : "r"(buf) : "memory");
  if (depth == 0)
    return buf[0];
  long r = recurse(depth - 1);
  __asm__ volatile("" : : "r"(buf) : "memory");
  return r + buf[0];
}

#include "Inputs/hl-wait-stolen.h"

static __attribute__((noinline)) long root() {
  sprig_frame sf;
  SPRIG_FORCE_FRAME();
  sprig_enter_frame(&sf);
  if (SPRIG_SETJMP(&sf) == 0)
    child_helper(&sf);
  // The continuation: on worker 1's fiber.
  if (!pthread_equal(pthread_self(), main_thread)) {
    std::fprintf(stderr, "continuation stolen\n");
  }
  long r = recurse(2048);  // ~2 MiB on a 64 KiB fiber
  __atomic_store_n(&stolen, 1, __ATOMIC_RELEASE);
  SPRIG_SYNC(&sf);
  sprig_leave_frame(&sf);
  return r;
}

int main() {
  main_thread = pthread_self();
  long r = root();
  std::printf("depth reached: %ld\n", r);
  return 0;
}

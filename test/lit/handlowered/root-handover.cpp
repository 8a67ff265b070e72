// A root frame whose sync completes on another worker is handed back to the thread that
// entered it, and that thread is then unbound from the runtime (and the other worker is
// left intact).
//
// The program forces the hand-over path deterministically at SPRIG_NWORKERS=2: the child
// spins until the root's continuation has been stolen (so it runs on worker 1); the
// continuation waits until the child has ended and subtracted itself from the frame's
// join counter (join == -1), so it is the continuation's sync that brings join to 0, and
// worker 1 resumes the root frame and runs __sprig_leave_root. Then, back on the main
// thread, __sprig_current_worker() must be null again (the thread is unbound), and
// further root computations must work, several times.
//
// RUN: %clangxx -std=c++20 -O2 -I%sprig_inc %s -o %t -L%sprig_lib -Wl,-rpath,%sprig_lib -lsprig
// RUN: env SPRIG_NWORKERS=2 %t | FileCheck %s
// CHECK: round 0: stolen, unbound after the root
// CHECK: round 1: stolen, unbound after the root
// CHECK: round 2: stolen, unbound after the root
// CHECK: round 3: stolen, unbound after the root
// CHECK: round 4: stolen, unbound after the root
// CHECK: done
#include "sprig/abi.h"
#include <chrono>
#include <cstdio>
#include <pthread.h>

static pthread_t main_thread;

#include "Inputs/hl-wait-stolen.h"

// Returns whether the continuation ran on another thread (was stolen).
static __attribute__((noinline)) bool root() {
  sprig_frame sf;
  SPRIG_FORCE_FRAME();
  sprig_enter_frame(&sf);
  __atomic_store_n(&stolen, 0, __ATOMIC_RELAXED);
  if (SPRIG_SETJMP(&sf) == 0)
    child_helper(&sf);
  // Continuation: on the thief when the child is still spinning.
  bool on_thief = !pthread_equal(pthread_self(), main_thread);
  __atomic_store_n(&stolen, 1, __ATOMIC_RELEASE);
  if (on_thief) {
    // Wait for the child to end and leave its mark on the join counter, so our sync is
    // the one that completes the frame (and this worker resumes it).
    while (__atomic_load_n(&sf.join, __ATOMIC_ACQUIRE) != -1)
      __builtin_ia32_pause();
  }
  SPRIG_SYNC(&sf);
  sprig_leave_frame(&sf);
  return on_thief;
}

int main() {
  main_thread = pthread_self();
  for (int round = 0; round < 5; ++round) {
    bool was_stolen = root();
    bool unbound = __sprig_current_worker() == nullptr;
    std::printf("round %d: %s, %s\n", round, was_stolen ? "stolen" : "NOT STOLEN",
                unbound ? "unbound after the root" : "STILL BOUND after the root");
    std::fflush(stdout);
  }
  std::printf("done\n");
  return 0;
}

//===- runtime/race/detector.h - the determinacy race detector's state -----===//
//
// libsprig-race (docs/race.md) in three files, along its sections:
//  - detector.cpp: the detector's state and the check of an access against the shadow
//    of its bytes, with ThreadSanitizer's entry points that call it (accesses, function
//    entry and exit, atomics);
//  - events.cpp: the series-parallel events of the instrumented program (plugin/Race.h)
//    and the reducers' entry points, with a view map per strand;
//  - interpose.cpp: what the detector interposes of libc: the heap (a new block's bytes
//    are fresh) and locks (what a thread does while it holds one is not checked).
// This header is what they share: the state, its lock, and the thread's own record.
// Internal to the library (hidden): its interface is the extern "C" entry points.
//
// Memory ordering: one spinlock around the detector's state; the instrumented program
// runs its computations serially, so it is uncontended unless the program has threads.
// Per-thread state is thread-local (initial-exec, trivially initialized).
//===----------------------------------------------------------------------===//
#pragma once
#include "bags.h"
#include "report.h"
#include "shadow.h"

#include <atomic>
#include <cstddef>
#include <cstdint>

#pragma GCC visibility push(hidden)
namespace sprig::race {

struct Detector {
  std::atomic_flag lock = ATOMIC_FLAG_INIT;
  // The thread holding the lock (its Thread record), so that a reducer's callbacks,
  // which the detector runs at a sync while it holds the lock, can take it again.
  std::atomic<void *> owner{nullptr};
  bool active = false;  // an instrumented module started (__sprig_race_init)
  Bags bags;
  Shadow shadow;
  Locations locs;
  Stacks stacks;
  Reports reports;
};

struct Thread {
  Proc cur;             // the current procedure (0: the thread's root is not made yet)
  std::uint32_t stack;  // the current call stack (Stacks node)
  int in_rt;            // inside the detector: accesses and allocations are not tracked
  int locks;            // locks this thread holds: its accesses are not checked
  std::uintptr_t stack_lo, stack_hi, low;  // the thread's stack; lowest byte touched
  // Locations met lately, by (pc, stack): most accesses repeat a recent one, and
  // Locations::intern is a hash-table lookup. Direct-mapped.
  struct {
    std::uintptr_t pc;
    std::uint32_t stack, loc;
  } cache[256];
};
// (GNU __thread, trivially initialized: the other files reach it with a plain
// initial-exec access, no TLS wrapper.)
extern __thread Thread t_self __attribute__((tls_model("initial-exec")));

// Set (for good) when the program creates its first thread (pthread_create,
// interpose.cpp), before that thread exists: until then one thread runs, and the lock
// is not taken.
// Memory ordering: the store happens-before the new thread's start (pthread_create), so
// the new thread sees it; the creating thread set it itself.
extern std::atomic<bool> g_threads;

// The detector's lock, and the thread's "inside the detector" flag with it.
struct Locked {
  Detector &d;
  bool held;
  explicit Locked(Detector &det) : d(det), held(g_threads.load(std::memory_order_relaxed)) {
    ++t_self.in_rt;
    // Nested (a reducer callback run by the detector, events.cpp): the lock is ours.
    // Relaxed: only this thread ever stores its own address there.
    if (held && d.owner.load(std::memory_order_relaxed) == &t_self)
      held = false;
    if (held) {
      while (d.lock.test_and_set(std::memory_order_acquire))
        ;
      d.owner.store(&t_self, std::memory_order_relaxed);
    }
  }
  ~Locked() {
    if (held) {
      d.owner.store(nullptr, std::memory_order_relaxed);
      d.lock.clear(std::memory_order_release);
    }
    --t_self.in_rt;
  }
};

// The detector, built in place on first use, never destroyed (accesses continue during
// exit).
Detector &det();
// The thread's root procedure and stack bounds, on its first event (under the lock).
void start_thread(Detector &d);
// A heap block, new: forget what its bytes saw before (an earlier block's accesses).
void fresh(void *p, std::size_t n);
// At exit: print the races found; a run that found one exits with status 66.
void report_at_exit();

}  // namespace sprig::race
#pragma GCC visibility pop

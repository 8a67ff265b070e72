//===- runtime/fiber.h - stacks for stolen continuations (cactus stack) ---===//
//
// A fiber is an mmap'd stack with PROT_NONE guard pages below it. A thief runs a stolen
// continuation on a fresh fiber: the stack pointer moves to the fiber while the frame
// pointer keeps addressing the continuation's locals on the stack where the frame was
// created. Each worker keeps a small pool of fibers; the rest go to a global pool.
//
// A Fiber record also describes a thread's native stack (native = true): the stack of
// an application thread that entered a spawning function. Native stacks are never freed.
//
// Ownership: a fiber is owned by the worker running on it; when a child ends and its
// parent was stolen, the fiber passes to the parent frame if the frame lives on it
// (sprig_frame.orig_stack), else back to the pool. The resumer of a sync takes it over.
//===----------------------------------------------------------------------===//
#pragma once
#include "sanitizer.h"
#include <cstddef>
#include <cstdint>

namespace sprig {

struct Worker;

struct Fiber {
  char *lo = nullptr;       // lowest usable byte (just above the guard pages)
  char *hi = nullptr;       // one past the highest byte (stack grows down from here)
  char *map = nullptr;      // start of the mapping (the guard pages), null if native
  std::size_t map_bytes = 0;
  bool native = false;
  Fiber *next = nullptr;    // pool link
#if SPRIG_SAN_FIBERS
  SanStack san;             // ASan/TSan state of this stack (runtime/sanitizer.h)
#endif

  bool contains(const void *p) const {
    return static_cast<const char *>(p) >= lo && static_cast<const char *>(p) < hi;
  }
  // Stack pointer for a continuation starting on this fiber (16-byte aligned).
  void *start_sp() const;
};

// Allocate from the worker's pool, the global pool, or the OS.
Fiber *fiber_get(Worker *w);
// Give back a fiber nobody runs on any more. Must not be the caller's current stack
// unless the caller is about to leave it without touching the pool again.
void fiber_put(Worker *w, Fiber *f);
// Does `addr` fall in the guard pages of some fiber? (stack-overflow reporting)
bool fiber_guard_hit(const void *addr, std::size_t *stack_bytes);
// Fibers handed out and not yet given back, process-wide, and the most at any time (a
// fiber is often taken by one worker and given back by another, so only the total means
// something).
uint64_t fibers_in_use();
uint64_t peak_fibers_in_use();
// Fill a record for the calling thread's native stack.
void fiber_init_native(Fiber *f);

}  // namespace sprig

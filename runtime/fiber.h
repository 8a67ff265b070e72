//===- runtime/fiber.h - stacks for stolen continuations (cactus stack) ---===//
//
// A fiber is an mmap'd stack with a PROT_NONE guard region (config::kGuardBytes) below it.
// A thief runs a stolen continuation on a fresh fiber: the stack pointer moves to the fiber
// while the frame pointer keeps addressing the continuation's locals on the stack where the
// frame was created. Each worker keeps a small pool of fibers; the rest go to a global
// pool.
//
// A Fiber record also describes a thread's native stack (native = true): the stack of
// an application thread that entered a spawning function. Native stacks are never freed.
//
// Ownership: a fiber is owned by the worker running on it; when a child ends and its
// parent was stolen, the fiber passes to the parent frame if the frame lives on it
// (sprig_frame.orig_stack), else back to the pool. The resumer of a sync takes it over.
//===----------------------------------------------------------------------===//
#pragma once
#include "assertions.h"
#include "sanitizer.h"
#include <cstddef>
#include <cstdint>

namespace sprig {

struct Worker;

struct Fiber {
  char *lo = nullptr;   // lowest usable byte (just above the guard pages)
  char *hi = nullptr;   // one past the highest byte (stack grows down from here)
  char *map = nullptr;  // start of the mapping (the guard pages), null if native
  std::size_t map_bytes = 0;
  bool native = false;
  Fiber *next = nullptr;  // pool link
#if SPRIG_SAN_FIBERS
  SanStack san;  // ASan/TSan state of this stack (runtime/sanitizer.h)
#endif
#if SPRIG_ASSERTIONS
  // Assertion build: in a pool (kFiberFree) or handed out (kFiberInUse), fiber.cpp's
  // ledger; 0 for a thread's native stack.
  unsigned char dbg_state = 0;
#endif

  bool contains(const void *p) const {
    return static_cast<const char *>(p) >= lo && static_cast<const char *>(p) < hi;
  }
  // Stack pointer for a continuation starting on this fiber (16-byte aligned).
  void *start_sp() const;
};

#if SPRIG_ASSERTIONS
inline constexpr unsigned char kFiberFree = 1, kFiberInUse = 2;
#endif
// A stack a worker may run on or jump to: a thread's own, or a fiber handed out and not
// given back (assertion build; always true in release).
inline bool fiber_usable(const Fiber *f) {
#if SPRIG_ASSERTIONS
  return f && (f->native || f->dbg_state == kFiberInUse);
#else
  (void)f;
  return true;
#endif
}

// Allocate from the worker's pool, the global pool, or the OS. Dies with a clear
// "sprig: cannot map ..." message when the OS has no memory for a new one: only for
// callers that cannot do without (the root worker's scheduler stack).
Fiber *fiber_get(Worker *w);
// The same, but null when no fiber can be had (mmap or mprotect failed: out of memory or
// address space, e.g. under `ulimit -v`). Never allocates with operator new.
Fiber *fiber_try_get(Worker *w);
// Around fork() (runtime/fork.cpp): take the pool's locks, and release them in the parent
// and in the child.
void fiber_fork_prepare();
void fiber_fork_release();
// Make sure the worker's own pool holds a fiber, so that its next fiber_get cannot fail
// (and maps nothing): false if none can be had. A thief calls it before it steals (a
// stolen continuation needs a stack, and a frame taken off a deque cannot be put back):
// no stack, no steal. One load when the pool is not empty.
bool fiber_reserve(Worker *w);
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
// Fill a record for the calling thread's native stack. The bounds are looked up once
// per thread and cached (NativeStack below); later calls on that thread copy the cache.
void fiber_init_native(Fiber *f);

// Bounds of a thread's own stack. Non-main threads: pthread_getattr_np (reads the thread
// descriptor). The main thread: pthread_getattr_np reads /proc/self/maps (55-75 us, and it
// fails without /proc or without a free file descriptor); when it fails, the bounds come
// from the auxiliary vector (the top: the page above the AT_EXECFN string, which the
// kernel puts at the top of the stack) and RLIMIT_STACK (the size).
struct NativeStack {
  char *lo = nullptr;      // lowest usable byte (the stack may grow down to here)
  char *hi = nullptr;      // one past the highest byte
  std::size_t guard = 0;   // guard bytes just below lo (pthread stacks), else 0
  bool valid = false;      // looked up
  bool from_proc = false;  // found by pthread_getattr_np (else the fallback)
};
// The calling thread's record, looked up on the first call (O(1) afterwards).
const NativeStack &native_stack_of_this_thread();
// The fallback lookup, without /proc (exposed for tests). False if it cannot tell.
bool native_stack_without_proc(NativeStack *out);
// For the overflow handler (async-signal-safe): this thread's record if it was ever looked
// up, else null.
const NativeStack *native_stack_if_known();

}  // namespace sprig

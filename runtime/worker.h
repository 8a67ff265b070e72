//===- runtime/worker.h - per-worker state --------------------------------===//
//
// Split by who may touch it (oneTBB arena_slot style): the ABI part (the deque,
// sprig/deque.h), then owner-private state, each on its own cache lines. The layout facts
// generated code relies on (sprig_worker_abi first) are checked in runtime/abi_layout.cpp.
//===----------------------------------------------------------------------===//
#pragma once
#include "assertions.h"
#include "config.h"
#include "fiber.h"
#include "sprig/abi.h"
#include <atomic>
#include <cstdint>

namespace sprig {

// Work a worker must do right after it has left a stack and arrived in its scheduler
// (runtime/scheduler.cpp). Doing it there, not before, is what makes it safe: until the
// worker is off a stack, nobody else may be allowed onto that stack.
struct Pending {
  Fiber *free_fiber = nullptr;         // return to the pool (we just left it)
  sprig_frame *child_done = nullptr;   // a child of this frame ended: decrement its join
  sprig_scope *child_scope = nullptr;  // ...and first its scope's, if spawned in a scope
  sprig_frame *scope_frame = nullptr;  // this frame suspended at the exit of a scope:
  sprig_scope *scope_wait = nullptr;   // add `scope_add` to this scope's join counter
  uint32_t scope_add = 0;
  sprig_frame *resume = nullptr;      // resume this frame at its sync
  sprig_frame *root_ready = nullptr;  // hand this root frame back to its own thread...
  struct Worker *root_to = nullptr;   // ...whose root slot is this one
};

// Per-worker counters. Written only by the owner (relaxed load + store: plain moves, no
// locked instruction), read by print_stats at exit while workers may still run, hence
// atomics (relaxed: the figures are statistics, not synchronisation).
struct Counter {
  std::atomic<uint64_t> v{0};
  void inc() { v.store(v.load(std::memory_order_relaxed) + 1, std::memory_order_relaxed); }
  uint64_t get() const { return v.load(std::memory_order_relaxed); }
};
struct Stats {
  Counter steals, steal_attempts, suspended_syncs, fibers_allocated;
  Counter requests;       // thief: requests for work it made (runtime/deque.cpp)
  Counter forced_steals;  // thief: old requests it forced (a process-wide barrier each)
  Counter publishes;      // owner: requests it answered by publishing entries
};

// What the reducer runtime holds for this worker's next steal (runtime/reducer.cpp,
// reducer_reserve): taken before the steal's CAS, so that nothing after it allocates.
// Owner-private: only the worker itself touches it, on its slow paths.
struct ReducerReserve {
  bool tracking = false;     // the next steal records a piece (reducers may exist)
  void *map = nullptr;       // the thief's fresh view map
  void *node = nullptr;      // its piece in the frame's list
  void *list = nullptr;      // the list itself, if the steal is the frame's first
  void *end_list = nullptr;  // a list for a piece that ends before its thief came
};

struct Worker {
  // ---- ABI part: must stay first (generated code casts Worker* to sprig_worker_abi*;
  // runtime/abi_layout.cpp checks it).
  sprig_worker_abi abi;

  // ---- owner-private ----
  alignas(config::kCacheLine) int id = 0;
  uint64_t rng = 0;                       // xorshift state for victim choice
  uint64_t stress_rng = 0;                // xorshift state of SPRIGTEST_STRESS's yields
  Fiber *cur = nullptr;                   // stack we run on; null while in the scheduler
  Fiber *sched_fiber = nullptr;           // root worker: stack its scheduler loop runs on
  void *sched_ctx[SPRIG_CTX_WORDS] = {};  // __builtin_setjmp buffer of the scheduler loop
  bool sched_running = false;             // sched_ctx valid (loop started on its stack)
  bool is_root = false;  // a root slot: bound to an application thread while it
                         // runs a root computation (docs/design.md, Roots)
  bool serial = false;   // a thread's private worker: nobody steals from it
                         // (no root slot free, or a signal handler's work)
  Fiber native;          // root worker: the application thread's own stack
  Pending pending;
  Fiber *pool = nullptr;  // local free fibers
  int pool_size = 0;
  Stats stats;
  ReducerReserve reducers;
#if SPRIG_ASSERTIONS
  // Assertion build: the thread that owns the owner-private state above
  // (debug_set_owner, assert_owner below): a pool worker's thread, a root slot's bound
  // thread, a private worker's thread. kNoOwner while none does (a root slot between
  // bindings); 0 for a record the runtime never set up (a test's own), which is not
  // checked.
  std::uintptr_t dbg_owner = 0;
#endif

  // ---- written by other threads ----
  // Root worker: a root frame whose continuation ended on another worker and must return
  // on this thread. Written by that worker (release), read by this one (acquire).
  alignas(config::kCacheLine) std::atomic<sprig_frame *> root_ready{nullptr};
  // Root slot: taken by an entering application thread (CAS false -> true, acquire: it
  // sees the slot as the last user left it), given back at leave_root (release).
  std::atomic<bool> slot_taken{false};
  // Root slot: the root frame bound here, or null. Written by the bound thread, read by
  // the worker that runs that frame's last continuation (to find whom to hand it to).
  // Relaxed: the reader ran a continuation of that very frame, which it reached through
  // the deque's acquire/release chain after the binding.
  std::atomic<sprig_frame *> root_frame{nullptr};
  // The computation this worker's deque holds work of: a root slot's own (fresh at each
  // binding: generation << 16 | slot), or, for a pool worker, the one it last stole from.
  // A waiting root steals only work of its own computation (bounded latency, and it never
  // runs another computation's code that may block on its own). Relaxed: a stale value
  // only makes a root skip or take one steal it should not have, never a wrong result.
  std::atomic<uint64_t> comp{0};
  // The floating-point control state of that computation (runtime/fpstate.h: MXCSR in
  // bits 0..31, x87 control word in 32..47; 0 = unknown). Set with `comp`; relaxed.
  std::atomic<uint64_t> fp{0};
  uint32_t generation = 0;  // root slot: bindings so far (owner: the bound thread)
  // Root slot: the bound thread's pedigree state when the root frame bound (sprig::dprand,
  // runtime/pedigree.h): what the thread gets back at the frame's leave if the frame's
  // last strand has no known position (a spawning function built without the pedigree:
  // its stolen continuations are unknown), so that a library's parallel call does not
  // leave its caller's draws unknown. Written by the bound thread; read by whoever runs
  // the frame's last continuation (ordered as root_frame).
  sprig_ped_state ped_entry = {0, 0};
  bool ped_reset = false;  // the root frame keeps no pedigree: ped_entry is the caller's
  // Sleeping (runtime/sleep.cpp): the futex word this worker waits on when idle
  // (kAwake, kAsleep, kAiming: a waker claimed it and is moving it, kWoken), its thread
  // id, for the waker's move, and whether the waker moved it (read by the woken worker
  // after it acquires kWoken).
  std::atomic<uint32_t> sleep_word{0};
  std::atomic<int> tid{0};
  std::atomic<bool> aimed{false};
  // Thief: the frame whose deque entry it is CASing for, and, if it won, whose
  // continuation's resume point it has not read yet (sprig_stolen_resume_pc); else null.
  // Stored seq_cst before the CAS (sprig_deque_steal), cleared with RELEASE after the read
  // (runtime/deque.cpp, take_resume_pc); read ACQUIRE by a worker whose pop failed before
  // it frees the stack holding that resume point (runtime/scheduler.cpp, child_done).
  alignas(config::kCacheLine) std::atomic<sprig_frame *> resume_pc_of{nullptr};
};

// Worker::sleep_word's states.
inline constexpr uint32_t kAwake = 0, kAsleep = 1, kAiming = 2, kWoken = 3;

// ---- the owner of the owner-private state (checked in the assertion build) ----
#if SPRIG_ASSERTIONS
inline constexpr std::uintptr_t kNoOwner = 1;
// The calling thread, as an owner: its thread pointer, read through a volatile asm
// (code here can resume on another thread: see self() below).
inline std::uintptr_t debug_thread_id() {
  std::uintptr_t t;
#if defined(__x86_64__)
  __asm__ volatile("movq %%fs:0, %0" : "=r"(t));
#elif defined(__aarch64__)
  __asm__ volatile("mrs %0, tpidr_el0" : "=r"(t));
#else
#error "Sprig's runtime supports x86-64 and AArch64"
#endif
  return t;
}
#endif
// The calling thread takes (mine) or gives up (!mine) the owner-private state of w: a
// pool worker's thread at its start, an application thread binding or unbinding a root
// slot, a thread making its private worker. Nothing in release.
inline void debug_set_owner(Worker *w, bool mine) {
#if SPRIG_ASSERTIONS
  w->dbg_owner = mine ? debug_thread_id() : kNoOwner;
#else
  (void)w;
  (void)mine;
#endif
}
// Only w's owner may touch its owner-private state (the fields between `id` and
// `reducers`, the deque's owner side): assert that the calling thread is it.
inline void assert_owner(const Worker *w, const char *what) {
#if SPRIG_ASSERTIONS
  SPRIG_ASSERT(w->dbg_owner == 0 || w->dbg_owner == debug_thread_id(), what);
#else
  (void)w;
  (void)what;
#endif
}
// Pending is empty: a worker sets its pending work at most once per visit to its
// scheduler loop, which runs it (run_pending).
inline bool pending_empty(const Pending &p) {
  return !p.free_fiber && !p.child_done && !p.child_scope && !p.scope_frame &&
         !p.scope_wait && !p.resume && !p.root_ready && !p.root_to;
}

inline Worker *as_worker(sprig_worker *w) { return reinterpret_cast<Worker *>(w); }
inline sprig_worker *as_abi(Worker *w) { return reinterpret_cast<sprig_worker *>(w); }

// This thread's worker. Code here can resume on another thread (a longjmp into a saved
// context), and the optimiser may keep a TLS address computed before the jump, so reads
// and writes go through sprig_self()'s volatile sequence, never a plain TLS access.
inline Worker *self() { return as_worker(sprig_self()); }
#if defined(__x86_64__) && defined(__ELF__) && !defined(SPRIG_NO_INLINE_TLS)
// The address of the runtime's thread-local `sym` on this thread, through a volatile
// sequence the optimiser never reuses (for __sprig_tls_worker, __sprig_tls_views).
#define SPRIG_TLS_ADDRESS(sym, out)                                                        \
  __asm__ volatile("movq " #sym "@gottpoff(%%rip), %0\n\t"                                 \
                   "addq %%fs:0, %0"                                                       \
                   : "=r"(out))
#endif
inline void set_self(Worker *w) {
#if defined(__x86_64__) && defined(__ELF__) && !defined(SPRIG_NO_INLINE_TLS)
  sprig_worker **slot;
  SPRIG_TLS_ADDRESS(__sprig_tls_worker, slot);
  *slot = as_abi(w);
#else
  __sprig_tls_worker = as_abi(w);
#endif
}

}  // namespace sprig

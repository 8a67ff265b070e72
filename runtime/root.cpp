//===- runtime/root.cpp - binding application threads as root workers -----===//
//
// docs/design.md, "Roots (many at once)". An application thread that enters a spawning
// function while it is not a worker (__sprig_enter_root, the first call generated code
// makes into the runtime on a thread) binds a free root slot of g.workers for the
// duration of that root computation: an extra worker with its own deque, which pool
// workers steal from. No lock on the way in or out: a CAS on `slot_taken` takes a slot,
// a release store gives it back.
//  - No slot free (config::kMaxRoots bound at once), or no memory for the slot's
//    scheduler stack: the thread runs its computation serially on a private worker
//    (serial_worker: a deque in no victim list).
//  - The root frame must return on the thread that entered it. If its final
//    continuation ran on another worker, __sprig_leave_root there hands the frame back
//    to the bound slot, whose thread takes it back in its scheduler loop
//    (resume_root_frame, stack_switch.h) and unbinds.
//===----------------------------------------------------------------------===//
#include "root.h"
#include "assertions.h"
#include "cancel.h"
#include "config.h"
#include "fiber.h"
#include "fpstate.h"
#include "global.h"
#include "overflow.h"
#include "pedigree.h"
#include "sanitizer.h"
#include "scheduler.h"
#include "sprig/abi.h"
#include "stack_switch.h"
#include "trace.h"
#include "worker.h"
#include <cstdio>
#include <cstdlib>
#include <new>

namespace sprig {

// The serial gate (sprig/abi.h, sprig_run_serially): up while the pool is saturated
// (bound_roots + serial_roots >= nworkers: as many root computations run as the pool
// has workers, so every CPU it was sized for is busy with one). A thread that is no
// worker then runs the serial clone of a spawning function, at the speed of the serial
// elision, instead of binding a root whose thieves would only add steals and waits.
//
// Memory ordering: the gate is a hint and needs no ordering with the work it guards
// (either choice is correct; the body's first detach decides again). What matters is
// that concurrent refreshes end with the value the final counts call for: each
// refresher changes a count, stores the gate, then reads the counts again and stores
// again until the two agree. The loads and the store are seq_cst so that the re-read
// cannot pass the store (x86 store-load reordering): the last store in the total order
// is followed by its own re-read, which sees every count change made before it, and any
// later change refreshes again.
static int gate_wanted() {
  return g.settings.force_serial_roots ||
         g.bound_roots.load(std::memory_order_seq_cst) +
                 g.serial_roots.load(std::memory_order_seq_cst) >=
             g.settings.nworkers;
}

void refresh_serial_gate() {
  for (;;) {
    const int want = gate_wanted();
    // Unchanged (the common case with many roots coming and going): no store, so the
    // line stays shared. A concurrent refresher that stores an older value re-reads the
    // counts after its store, sees ours, and stores again.
    if (__atomic_load_n(&__sprig_serial_gate, __ATOMIC_SEQ_CST) != want)
      __atomic_store_n(&__sprig_serial_gate, want, __ATOMIC_SEQ_CST);
    if (gate_wanted() == want)
      return;
  }
}

// Serial roots on this thread (nested entries counted once in g.serial_roots).
static thread_local int serial_depth = 0;

bool thread_in_serial_root() { return serial_depth > 0; }

// A free root slot for the calling thread (slot 0 first, so a program with one root
// thread runs it as worker 0), or null when all config::kMaxRoots are bound.
static Worker *take_root_slot() {
  const int n = g.settings.nworkers;
  for (int k = 0; k < config::kMaxRoots; ++k) {
    int i = k == 0 ? 0 : n - 1 + k;
    Worker *w = &g.workers[i];
    bool expected = false;
    if (w->slot_taken.load(std::memory_order_relaxed) ||
        !w->slot_taken.compare_exchange_strong(expected, true, std::memory_order_acquire,
                                               std::memory_order_relaxed))
      continue;
    debug_set_owner(w, true);  // the slot's owner-private state is ours until we unbind
    if (!w->abi.buf)
      map_deque(w);  // published to thieves by the release store of bottom at each push
    int nv = g.nvictims.load(std::memory_order_relaxed);
    while (nv < i + 1 &&
           !g.nvictims.compare_exchange_weak(nv, i + 1, std::memory_order_relaxed))
      ;
    return w;
  }
  return nullptr;
}

// The calling thread's private worker: its deque is in no victim list, so whatever runs
// on it runs serially. Used when no root slot is free or the pool is saturated
// (Global::bound_roots). Freed when the thread exits (a thread_local destructor): an
// application that starts many short-lived threads, each entering a spawning function
// while the pool is busy, must not keep a worker and a deque mapping per dead thread.
namespace {
struct SerialWorker {
  Worker *w = nullptr;
  ~SerialWorker() {
    if (!w)
      return;
    // The thread is exiting, so no computation of its own runs on w (a root unbinds
    // before its thread can return from the spawning function that bound it).
    unmap_deque(w);
    w->~Worker();
    ::operator delete(w, std::align_val_t(config::kCacheLine));
  }
};
thread_local SerialWorker serial_mine;
}  // namespace

Worker *serial_worker() {
  SerialWorker &s = serial_mine;
  if (!s.w) {
    void *mem = ::operator new(sizeof(Worker), std::align_val_t(config::kCacheLine));
    Worker *w = new (mem) Worker();
    init_worker(w, -1);
    debug_set_owner(w, true);  // this thread's, for good
    map_deque(w);
    w->serial = true;
    s.w = w;
  }
  return s.w;
}

// The root slot whose thread entered `sf` (a root frame whose last continuation ran on
// another worker). Rare: only after that continuation was stolen.
static Worker *root_slot_of(sprig_frame *sf) {
  const int n = victim_count();
  for (int i = 0; i < n; ++i)
    if (is_root_slot(i) && g.workers[i].root_frame.load(std::memory_order_relaxed) == sf)
      return &g.workers[i];
  fatal("a root frame returns, but no thread bound it (corrupt frame?)");
}

// Assertion build: a root frame that has left is dead to the runtime (its function
// returns). Poison what the runtime reads of it, so that a later use fails at once: flags
// without ENTERED (check_frame stops any runtime entry; the inline sync and leave find
// nothing to do), a continuation that jumps nowhere. `exceptions` stays: it is empty
// after the frame's last sync, and the C++ runtime owns what it may point to.
static inline void poison_left_root(sprig_frame *sf) {
#if SPRIG_ASSERTIONS
  sf->flags = 0xA5A5A5A0u;  // none of STOLEN, EXCEPTION, ROOT, ENTERED
  sf->steals = 0xA5A5A5A5u;
  for (void *&word : sf->ctx)
    word = reinterpret_cast<void *>(SPRIG_POISON_WORD);
  sf->join = static_cast<int64_t>(SPRIG_POISON_WORD);
  sf->orig_sp = sf->orig_stack = reinterpret_cast<void *>(SPRIG_POISON_WORD);
#else
  (void)sf;
#endif
}

}  // namespace sprig

using namespace sprig;

extern "C" {

void __sprig_check_abi(uint32_t abi_magic) {
  if (abi_magic != SPRIG_ABI_MAGIC) {
    std::fprintf(stderr,
                 "sprig: ABI mismatch: code was compiled against sprig/abi.h with magic "
                 "0x%08x but this runtime expects 0x%08x (version %d); rebuild it with "
                 "this Sprig\n",
                 abi_magic, (unsigned)SPRIG_ABI_MAGIC, SPRIG_ABI_VERSION);
    std::abort();
  }
}

void __sprig_check_tls(void *addr) {
  if (addr != static_cast<void *>(&__sprig_tls_worker)) {
    std::fprintf(
        stderr,
        "sprig: this program reads its own __sprig_tls_worker (%p) but the runtime "
        "uses another (%p): the executable's definition did not take the runtime's "
        "place (was libsprig loaded with dlopen, or linked with -Bsymbolic?); "
        "rebuild with -mllvm -sprig-local-exec-tls=0\n",
        addr, static_cast<void *>(&__sprig_tls_worker));
    std::abort();
  }
}

void __sprig_enter_root(sprig_frame *sf, uint32_t abi_magic) {
  __sprig_check_abi(abi_magic);
  SPRIG_ASSERT(!__sprig_tls_worker, "only a thread that is not a worker binds as a root");
  start_workers();
  // Many roots: the thread binds a root slot of its own, an extra worker with its own
  // deque, for the duration of this root computation. Other workers steal from it; while
  // it waits at a sync it steals only work of its own computation.
  // With as many roots bound as the pool has workers, the CPUs the pool was sized for
  // are busy (Global::bound_roots): run this computation serially, as with no slot free.
  Worker *w = g.bound_roots.load(std::memory_order_relaxed) < g.settings.nworkers
                  ? take_root_slot()
                  : nullptr;
  if (__builtin_expect(!w, 0)) {
    w = serial_worker();  // every slot bound, or the pool saturated: run it serially
    sf->flags |= SPRIG_FRAME_ROOT;
    segment_begin(w, nullptr);  // a root has no spawn ancestor (runtime/cancel.h)
    set_self(w);
    __sprig_serial_root_enter();
    SPRIG_TRACE(kTraceRoot,
                "pool saturated or no root slot free: thread runs frame %p "
                "serially",
                (void *)sf);
    return;
  }
  [[maybe_unused]] const int bound_before =
      g.bound_roots.fetch_add(1, std::memory_order_relaxed);
  SPRIG_ASSERT(bound_before >= 0, "bound roots never below zero (bind and unbind balance)");
  refresh_serial_gate();
  fiber_init_native(&w->native);  // cached per thread (fiber.cpp)
  // The scheduler loop's stack, mapped now: a root waiting at a sync needs it, and out
  // of memory the computation runs serially instead (a failed mapping later could not).
  // (At P=1 nothing is ever stolen, so a root never waits: no scheduler stack.)
  if (g.settings.nworkers > 1 && !w->sched_fiber && !(w->sched_fiber = fiber_try_get(w))) {
    w->root_frame.store(nullptr, std::memory_order_relaxed);
    [[maybe_unused]] const int bound_then =
        g.bound_roots.fetch_sub(1, std::memory_order_relaxed);
    SPRIG_ASSERT(bound_then >= 1, "an unbinding root was counted when it bound");
    refresh_serial_gate();
    debug_set_owner(w, false);
    w->slot_taken.store(false, std::memory_order_release);
    w = serial_worker();
    sf->flags |= SPRIG_FRAME_ROOT;
    segment_begin(w, nullptr);
    set_self(w);
    __sprig_serial_root_enter();
    return;
  }
  san_native_stack(&w->native);
  w->cur = &w->native;
  segment_begin(w, nullptr);
  w->sched_running = false;
  w->generation++;
  w->comp.store((uint64_t)w->generation << 16 | (uint64_t)w->id, std::memory_order_relaxed);
  w->root_frame.store(sf, std::memory_order_relaxed);
  w->fp.store(fp_state_now(), std::memory_order_relaxed);  // the computation's FP state
  // The thread's pedigree, for a root built without one (a root that keeps it bound after
  // its first fork: its state now is its first child's, and it needs no help).
  w->ped_reset = !(sf->flags & SPRIG_FRAME_PEDIGREE);
  w->ped_entry = ped_current();
  set_self(w);
  install_overflow_handler_for_thread();
  sf->flags |= SPRIG_FRAME_ROOT;
  SPRIG_TRACE(kTraceRoot, "thread binds as worker %d (frame %p)", w->id, (void *)sf);
}

void __sprig_leave_root(sprig_frame *sf) {
  check_frame(sf, "leave_root");
  SPRIG_ASSERT(sprig_frame_is_root(sf), "only a root frame leaves through the runtime");
  Worker *w = self();
  SPRIG_ASSERT(w, "a root frame leaves on a bound thread");
  if (w->serial) {  // a serial root: nothing was shared
    set_self(nullptr);
    __sprig_serial_root_leave();
    poison_left_root(sf);
    return;
  }
  Worker *root = w->root_frame.load(std::memory_order_relaxed) == sf ? w : root_slot_of(sf);
  if (root->ped_reset)
    ped_leave_root(root->ped_entry);  // (a root built without the pedigree: pedigree.h)
  if (w != root) {
    // We run the root frame on another worker (its continuation was stolen). It must
    // return on the thread that entered it: hand it over, from our scheduler (only once
    // we are off this stack may the root thread jump onto it: run_pending publishes it).
    SPRIG_TRACE(kTraceRoot, "worker %d hands root frame %p back to worker %d", w->id,
                (void *)sf, root->id);
    if (__builtin_setjmp(sf->ctx) == 0) {
      fp_save_frame(sf);
      ped_save(sf);  // the root thread takes the strand's pedigree back with it
      SPRIG_ASSERT(pending_empty(w->pending),
                   "a worker sets its pending work once per visit to its scheduler");
      w->pending.root_ready = sf;
      w->pending.root_to = root;
      // The root thread resumes this stack here, in this function: nothing to pop.
      enter_scheduler(w, SanLeave::Resume, 0);
    }
    // Resumed here by the root thread's scheduler loop (resume_root_frame), on the root
    // thread.
  }
  SPRIG_TRACE(kTraceRoot, "thread unbinds (frame %p, worker %d, handed over %d)",
              (void *)sf, root->id, w != root);
  assert_owner(root, "a root slot is unbound by the thread that bound it");
  SPRIG_ASSERT(root->slot_taken.load(std::memory_order_relaxed),
               "an unbinding root slot is taken");
  root->sched_running = false;
  root->cur = nullptr;
  root->root_frame.store(nullptr, std::memory_order_relaxed);
  set_self(nullptr);
  [[maybe_unused]] const int bound_before =
      g.bound_roots.fetch_sub(1, std::memory_order_relaxed);
  SPRIG_ASSERT(bound_before >= 1, "an unbinding root was counted when it bound");
  refresh_serial_gate();
  debug_set_owner(root, false);
  root->slot_taken.store(false, std::memory_order_release);  // the next binder sees all
  poison_left_root(sf);
}

void __sprig_serial_root_enter(void) {
  SPRIG_ASSERT(serial_depth >= 0, "serial root entries and exits balance");
  if (serial_depth++ == 0) {
    [[maybe_unused]] const int before =
        g.serial_roots.fetch_add(1, std::memory_order_seq_cst);
    SPRIG_ASSERT(before >= 0, "serial roots never below zero");
    refresh_serial_gate();
  }
}

void __sprig_serial_root_leave(void) {
  SPRIG_ASSERT(serial_depth > 0, "a serial root leaves only after it entered");
  if (--serial_depth == 0) {
    [[maybe_unused]] const int before =
        g.serial_roots.fetch_sub(1, std::memory_order_seq_cst);
    SPRIG_ASSERT(before >= 1, "a serial root leaving was counted when it entered");
    refresh_serial_gate();
  }
}

}  // extern "C"

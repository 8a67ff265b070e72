//===- runtime/scheduler.cpp - stealing, greedy join, lazy start ----------===//
//
// The protocol (docs/design.md, "Runtime protocol", has the full story):
//
//  * A worker runs user code on some stack (a fiber, or the application thread's own
//    stack) or sits in its scheduler loop. `Worker::cur` says which stack.
//  * Steal: a thief takes the oldest frame F from a random victim's deque, marks it
//    STOLEN (remembering, at the first steal since F's last sync, the stack pointer the
//    continuation had on F's own stack), counts the steal, and jumps into F's saved
//    context with the stack pointer on a fresh fiber. F's locals stay where they are.
//  * A child ends and its pop fails (parent stolen): the worker leaves that stack for its
//    scheduler and only then subtracts 1 from the parent's join counter. If the stack
//    holds the parent's frame it now belongs to the frame (orig_stack), else it is freed.
//  * Sync of a stolen frame: save the resume point (SPRIG_SYNC's setjmp), add the steal
//    count to join. If that makes it 0 every child has ended: resume at once. Otherwise
//    the frame is suspended and the worker goes stealing; the child that brings join to
//    0 resumes the frame (greedy join). Resuming = jump to the sync's context with the
//    stack pointer back on the frame's original stack.
//  * Anything that lets another worker onto a stack we stand on (freeing it, decrementing
//    a join, handing back a root frame) is deferred to `Pending` and done only after we
//    have jumped to the scheduler: never two workers on one stack.
//
// WARNING: once a worker has subtracted from a frame's join counter, the frame may be
// resumed, return and vanish; read everything needed from it before the decrement.
//===----------------------------------------------------------------------===//
#include "deque.h"
#include "fpstate.h"
#include "sprig/sprig.h"
#include "global.h"
#include "sanitizer.h"
#include "trace.h"
#include <cstdio>
#include <cstdlib>
#include <new>
#include <pthread.h>
#include <sched.h>
#include <sys/mman.h>
#include <unistd.h>

extern "C" {
__thread sprig_worker *__sprig_tls_worker = nullptr;
int32_t __sprig_sleepers = 0;
size_t __sprig_zero = 0;
}

namespace sprig {

Global g;
unsigned g_trace = 0;

[[noreturn]] static void fatal(const char *msg) {
  std::fprintf(stderr, "sprig: %s\n", msg);
  std::abort();
}

static inline void check_magic(const sprig_frame *f, const char *where) {
  if (__builtin_expect(f->magic != SPRIG_ABI_MAGIC, 0)) {
    std::fprintf(stderr, "sprig: corrupt or foreign frame %p in %s (ABI magic 0x%08x, "
                 "expected 0x%08x): was this code built against a different sprig/abi.h?\n",
                 (const void *)f, where, f->magic, (unsigned)SPRIG_ABI_MAGIC);
    std::abort();
  }
}

// This thread's worker. Code here can resume on another thread (a longjmp into a saved
// context), and the optimiser may keep a TLS address computed before the jump, so reads
// and writes go through sprig_self()'s volatile sequence, never a plain TLS access.
static inline Worker *self() { return as_worker(sprig_self()); }
static inline void set_self(Worker *w) {
#if defined(__x86_64__) && defined(__ELF__) && !defined(SPRIG_NO_INLINE_TLS)
  sprig_worker **slot;
  __asm__ volatile("movq __sprig_tls_worker@gottpoff(%%rip), %0\n\t"
                   "addq %%fs:0, %0"
                   : "=r"(slot));
  *slot = as_abi(w);
#else
  __sprig_tls_worker = as_abi(w);
#endif
}

// ---- process start: read the environment (starts no thread) ----
__attribute__((constructor)) static void process_init() {
  long page = sysconf(_SC_PAGESIZE);
  g.page_bytes = page > 0 ? static_cast<std::size_t>(page) : 4096;
  parse_environment(g.settings);
  g_trace = g.settings.trace;
  init_process_barrier();
  install_fork_handlers();
  if (g.settings.stats)
    std::atexit(print_stats);
}

// ---- switching stacks ----
//
// Every switch goes through san_jump (a __builtin_longjmp, plus the ASan/TSan
// annotations in sanitizer builds) or san_start_stack + run_on_stack. Under TSan the
// functions on the way from a runtime entry point to the switch must not push
// shadow-stack entries of their own, or the `pops` counts below would be wrong: they are
// always_inline there, and the switch itself (sanitizer.cpp) is not instrumented.
#if SPRIG_TSAN
#define SPRIG_SWITCH_PATH static inline __attribute__((always_inline))
#else
#define SPRIG_SWITCH_PATH static
#endif

// Start `fn(w)` with the stack pointer at `sp`. Used once per scheduler stack.
[[noreturn]] static void run_on_stack(void *sp, void (*fn)(Worker *), Worker *w) {
#if defined(__x86_64__)
  __asm__ volatile("movq %0, %%rsp\n\t"
                   "xorl %%ebp, %%ebp\n\t"
                   "callq *%1\n\t"
                   "ud2\n\t"
                   :
                   : "r"(sp), "r"(fn), "D"(w)
                   : "memory");
#elif defined(__aarch64__)
  __asm__ volatile("mov sp, %0\n\t"
                   "mov x29, #0\n\t"
                   "mov x0, %2\n\t"
                   "blr %1\n\t"
                   "brk #0\n\t"
                   :
                   : "r"(sp), "r"(fn), "r"(w)
                   : "memory", "x0", "x29", "x30");
#else
#error "Sprig's runtime supports x86-64 and AArch64"
#endif
  __builtin_unreachable();
}

[[noreturn]] static void sched_loop(Worker *w);

[[noreturn]] static void sched_entry(Worker *w) {
  san_started(w->sched_fiber);  // pairs with san_start_stack in enter_scheduler
  sched_loop(w);
}

// Leave the current stack for this worker's scheduler loop, which first runs
// `w->pending`. Never returns. `how`: what becomes of the stack we leave. `san_pops`
// (TSan): shadow-stack entries on this stack of frames that will never return here,
// counted from the innermost: the runtime entry points on the way here and, when a
// child ends on a stolen parent, its helper.
[[noreturn]] SPRIG_SWITCH_PATH void enter_scheduler(Worker *w, SanLeave how, unsigned san_pops) {
  Fiber *from = w->cur;
  w->cur = nullptr;
  if (w->sched_running)
    san_jump(from, how, san_pops, w->sched_fiber, w->sched_ctx);
  // The root worker starts its loop lazily, on a fiber of its own.
  if (!w->sched_fiber)
    w->sched_fiber = fiber_get(w);
  san_start_stack(from, how, san_pops, w->sched_fiber);
  run_on_stack(w->sched_fiber->start_sp(), sched_entry, w);
}

// From the scheduler loop, jump into a frame's saved context with the given stack.
// Never returns. (sched_loop pushed its own TSan entry on the scheduler stack, and
// resumes at its setjmp with it: nothing to pop.)
[[noreturn]] SPRIG_SWITCH_PATH void jump_into(Worker *w, sprig_frame *f, Fiber *stack, void *sp) {
  w->cur = stack;
  f->ctx[2] = sp;
  san_jump(w->sched_fiber, SanLeave::Resume, 0, stack, f->ctx);
}

// Resume a frame at its sync, on its original stack, all children having ended.
[[noreturn]] SPRIG_SWITCH_PATH void resume_at_sync(Worker *w, sprig_frame *f) {
  check_magic(f, "resume_at_sync");
  f->flags &= ~SPRIG_FRAME_STOLEN;
  f->steals = 0;
  frame_note_exceptions(f);  // children that threw while the frame was stolen
  fp_restore_frame(f);       // the FP control state the continuation reached its sync with
  if (uint64_t st = reinterpret_cast<uintptr_t>(f->ctx[4]))
    w->fp.store(st, std::memory_order_relaxed);  // thieves of our deque now take it
  SPRIG_TRACE(kTraceSync, "worker %d resumes frame %p at its sync", w->id, (void *)f);
  jump_into(w, f, static_cast<Fiber *>(f->orig_stack), f->orig_sp);
}

// Run a stolen continuation on a fresh fiber. Never returns.
[[noreturn]] SPRIG_SWITCH_PATH void resume_stolen(Worker *w, sprig_frame *f) {
  check_magic(f, "steal");
  if (!(f->flags & SPRIG_FRAME_STOLEN)) {
    f->flags |= SPRIG_FRAME_STOLEN;
    f->orig_sp = f->ctx[2];  // SP on the frame's own stack, restored by the sync
  }
  f->steals++;
  w->stats.steals.inc();
  Fiber *fb = fiber_get(w);  // cannot fail: fiber_reserve before the steal
  if (uint64_t st = w->fp.load(std::memory_order_relaxed))
    fp_state_set(st);        // the victim's computation's FP control state (fpstate.h)
  SPRIG_TRACE(kTraceSteal, "worker %d steals frame %p", w->id, (void *)f);
  jump_into(w, f, fb, fb->start_sp());
}

SPRIG_SWITCH_PATH void run_pending(Worker *w) {
  Pending p = w->pending;
  w->pending = Pending{};
  if (p.free_fiber)
    fiber_put(w, p.free_fiber);
  if (p.root_ready) {
    // Release: the root thread's acquire sees the frame's saved context.
    p.root_to->root_ready.store(p.root_ready, std::memory_order_release);
    wake_all();
  }
  if (p.child_done) {
    sprig_frame *f = p.child_done;
    // acq_rel: release publishes the child's writes (its result) to whoever resumes the
    // frame; acquire, if we bring join to 0, makes every other child's and the
    // continuation's writes visible to us before we resume it.
    if (__atomic_fetch_sub(&f->join, 1, __ATOMIC_ACQ_REL) == 1)
      resume_at_sync(w, f);
  }
  if (p.resume)
    resume_at_sync(w, p.resume);
}

static inline uint64_t next_random(Worker *w) {
  uint64_t x = w->rng;
  x ^= x << 13;
  x ^= x >> 7;
  x ^= x << 17;
  return w->rng = x;
}

// Every switch to the scheduler lands at the setjmp below, on the scheduler's stack.
[[noreturn]] __attribute__((noinline)) static void sched_loop(Worker *w) {
  __builtin_setjmp(w->sched_ctx);
  w = self();  // re-read after a jump in; all registers are clobbered here
  w->sched_running = true;
  w->cur = nullptr;
  run_pending(w);
  const int spin_rounds = g.settings.nworkers > g.settings.cpus
                              ? config::kSpinRoundsOversubscribed
                              : config::kSpinRounds;
  int idle = 0;
  unsigned naps = 0;  // sleeps in a row that timed out (sleep_idle backs off)
  for (;;) {
    if (w->is_root) {
      if (sprig_frame *f = w->root_ready.exchange(nullptr, std::memory_order_acquire)) {
        // Our root frame finished on another worker: return on this thread, on its
        // own stack, at the context __sprig_leave_root saved (no SP change).
        w->cur = &w->native;
        SPRIG_TRACE(kTraceRoot, "worker %d takes root frame %p back", w->id, (void *)f);
        // Our scheduler stack is left for good: the next root binding starts it afresh.
        fp_restore_frame(f);
        san_jump(w->sched_fiber, SanLeave::Dies, 0, &w->native, f->ctx);
      }
    }
    const int n = victim_count();
    if (n > 1) {
      int v = static_cast<int>(next_random(w) % static_cast<uint64_t>(n - 1));
      if (v >= w->id)
        ++v;
      Worker *victim = &g.workers[v];
      w->stats.steal_attempts.inc();
      // A root waiting for its own computation takes only that computation's work.
      bool allowed = !w->is_root || victim->comp.load(std::memory_order_relaxed) ==
                                        w->comp.load(std::memory_order_relaxed);
      // No stack for a continuation (out of memory): do not steal; the owner runs it.
      if (allowed && deque_worth_stealing(victim) && fiber_reserve(w)) {
        StealResult r = deque_steal(victim);
        if (r.status == Steal::Won) {
          SPRIG_TRACE(kTraceSteal, "worker %d took frame %p from worker %d (top now %lld, bottom %lld)",
                      w->id, (void *)r.frame, victim->id,
                      (long long)__atomic_load_n(&victim->abi.top, __ATOMIC_RELAXED),
                      (long long)__atomic_load_n(&victim->abi.bottom, __ATOMIC_RELAXED));
          // Our deque now fills with that computation's work.
          w->comp.store(victim->comp.load(std::memory_order_relaxed),
                        std::memory_order_relaxed);
          w->fp.store(victim->fp.load(std::memory_order_relaxed), std::memory_order_relaxed);
          resume_stolen(w, r.frame);
        }
        if (r.status == Steal::Lost) {
          idle = 0;
          continue;
        }
      }
    }
    ++idle;
    if (idle < spin_rounds) {
      cpu_relax();
    } else if (idle < spin_rounds + config::kYieldRounds) {
      sched_yield();
    } else if (sleep_idle(w, naps)) {
      idle = 0;  // woken because work appeared: look hard again
      naps = 0;
    } else {
      ++naps;  // a timeout: look once more, then sleep again (idle stays high)
    }
  }
}

// ---- workers ----

static void *worker_thread(void *arg) {
  Worker *w = static_cast<Worker *>(arg);
  set_self(w);
  install_overflow_handler_for_thread();
  san_worker_thread(w);  // the loop's stack is this thread's own
  sched_loop(w);
}

// The deque's ring: virtual memory, touched as used (pool workers at start, a root slot
// when first bound).
static void map_deque(Worker *w) {
  std::size_t depth = 1;
  while (depth < g.settings.deque_depth)
    depth <<= 1;
  std::size_t bytes = depth * sizeof(sprig_frame *);
  void *m = mmap(nullptr, bytes, PROT_READ | PROT_WRITE,
                 MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
  if (m == MAP_FAILED)
    fatal("cannot map a worker deque; lower SPRIG_DEQUE_DEPTH");
  // top and bottom are still 0 from construction (thieves may be reading them: not
  // written here); buf and mask are read by a thief only after it saw bottom > top, i.e.
  // after the acquire load of a bottom that a push stored (release) after this.
  w->abi.buf = static_cast<sprig_frame **>(m);
  w->abi.mask = static_cast<int64_t>(depth - 1);
  w->abi.limit = w->abi.mask;  // top is 0
}

static void init_worker(Worker *w, int id) {
  w->abi.spawns = 0;
  w->id = id;
  w->rng = 0x9E3779B97F4A7C15ull * static_cast<uint64_t>(id + 1);
}

static bool is_root_slot(int i) { return i == 0 || i >= g.settings.nworkers; }

void start_workers() {
  if (g.started.load(std::memory_order_acquire))
    return;
  std::lock_guard<std::mutex> l(g.start_mutex);
  if (g.started.load(std::memory_order_relaxed))
    return;
  int n = g.settings.nworkers;
  int slots = n - 1 + config::kMaxRoots;
  void *mem = ::operator new[](sizeof(Worker) * slots, std::align_val_t(config::kCacheLine));
  g.workers = static_cast<Worker *>(mem);
  for (int i = 0; i < slots; ++i) {
    new (&g.workers[i]) Worker();
    init_worker(&g.workers[i], i);
    if (is_root_slot(i))
      g.workers[i].is_root = true;  // its deque is mapped when first bound
    else
      map_deque(&g.workers[i]);
  }
  g.slots = slots;
  g.nvictims.store(n, std::memory_order_relaxed);
  // Root slots are bound by application threads that enter spawning functions; the
  // pool workers get threads now, on the first spawn (lazy start).
  for (int i = 1; i < n; ++i) {
    pthread_attr_t attr;
    pthread_attr_init(&attr);
    pthread_attr_setstacksize(&attr, 1u << 20);
    pthread_t t;
    if (pthread_create(&t, &attr, worker_thread, &g.workers[i]) != 0)
      fatal("cannot create a worker thread (lower SPRIG_NWORKERS?)");
    pthread_detach(t);
    pthread_attr_destroy(&attr);
  }
  g.started.store(true, std::memory_order_release);
}

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
// on it runs serially. Used when no root slot is free, and for signal handlers
// (runtime/signals.cpp).
Worker *serial_worker() {
  static thread_local Worker *mine = nullptr;
  if (!mine) {
    void *mem = ::operator new(sizeof(Worker), std::align_val_t(config::kCacheLine));
    mine = new (mem) Worker();
    init_worker(mine, -1);
    map_deque(mine);
    mine->serial = true;
  }
  return mine;
}

// A child ended and its parent was stolen (sprig_leave_helper's slow path; called by
// __sprig_child_done and __sprig_leave_helper_exc). Not inlined under TSan, so that on
// both paths this function, the entry point that called it and the helper each hold
// one shadow-stack entry.
#if SPRIG_TSAN
#define SPRIG_CHILD_DONE_INLINE __attribute__((noinline))
#else
#define SPRIG_CHILD_DONE_INLINE
#endif
[[noreturn]] SPRIG_CHILD_DONE_INLINE void child_done(Worker *w, sprig_frame *parent) {
  SPRIG_TRACE(kTraceSync, "worker %d: child of %p ends, parent stolen", w->id, (void *)parent);
  check_magic(parent, "child_done");
  Fiber *cur = w->cur;
  bool keep = cur->contains(parent);
  if (keep)
    parent->orig_stack = cur;  // the frame lives here: the stack is now the frame's
  else
    w->pending.free_fiber = cur;  // nothing of value left on it
  w->pending.child_done = parent;
  // TSan: pop this function, the entry point and the helper. What is left is the
  // parent's entry (the frame resumes at its sync on this stack and returns here) or, on
  // a thief's fiber, nothing: the continuation that called the helper has its entry on
  // the stack its frame lives on.
  enter_scheduler(w, keep ? SanLeave::Resume : SanLeave::Dies, 3);
}

}  // namespace sprig

using namespace sprig;

extern "C" {

sprig_worker *__sprig_current_worker(void) { return __sprig_tls_worker; }  // out of line

int sprig_nworkers(void) { return g.settings.nworkers; }

int sprig_worker_id(void) {
  Worker *w = self();
  return w ? w->id : -1;
}

void __sprig_enter_root(sprig_frame *sf, uint32_t abi_magic) {
  if (abi_magic != SPRIG_ABI_MAGIC) {
    std::fprintf(stderr,
                 "sprig: ABI mismatch: code was compiled against sprig/abi.h with magic "
                 "0x%08x but this runtime expects 0x%08x (version %d); rebuild it with "
                 "this Sprig\n",
                 abi_magic, (unsigned)SPRIG_ABI_MAGIC, SPRIG_ABI_VERSION);
    std::abort();
  }
  start_workers();
  // Many roots: the thread binds a root slot of its own, an extra worker with its own
  // deque, for the duration of this root computation. Other workers steal from it; while
  // it waits at a sync it steals only work of its own computation.
  Worker *w = take_root_slot();
  if (__builtin_expect(!w, 0)) {
    w = serial_worker();  // every slot bound: run this computation serially
    sf->flags |= SPRIG_FRAME_ROOT;
    set_self(w);
    SPRIG_TRACE(kTraceRoot, "no root slot free: thread runs frame %p serially", (void *)sf);
    return;
  }
  fiber_init_native(&w->native);  // cached per thread (fiber.cpp)
  // The scheduler loop's stack, mapped now: a root waiting at a sync needs it, and out
  // of memory the computation runs serially instead (a failed mapping later could not).
  // (At P=1 nothing is ever stolen, so a root never waits: no scheduler stack.)
  if (g.settings.nworkers > 1 && !w->sched_fiber && !(w->sched_fiber = fiber_try_get(w))) {
    w->root_frame.store(nullptr, std::memory_order_relaxed);
    w->slot_taken.store(false, std::memory_order_release);
    w = serial_worker();
    sf->flags |= SPRIG_FRAME_ROOT;
    set_self(w);
    return;
  }
  san_native_stack(&w->native);
  w->cur = &w->native;
  w->sched_running = false;
  w->generation++;
  w->comp.store((uint64_t)w->generation << 16 | (uint64_t)w->id, std::memory_order_relaxed);
  w->root_frame.store(sf, std::memory_order_relaxed);
  w->fp.store(fp_state_now(), std::memory_order_relaxed);  // the computation's FP state
  set_self(w);
  install_overflow_handler_for_thread();
  sf->flags |= SPRIG_FRAME_ROOT;
  SPRIG_TRACE(kTraceRoot, "thread binds as worker %d (frame %p)", w->id, (void *)sf);
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

void __sprig_leave_root(sprig_frame *sf) {
  check_magic(sf, "leave_root");
  Worker *w = self();
  if (w->serial) {  // a serial root: nothing was shared
    set_self(nullptr);
    return;
  }
  Worker *root = w->root_frame.load(std::memory_order_relaxed) == sf ? w : root_slot_of(sf);
  if (w != root) {
    // We run the root frame on another worker (its continuation was stolen). It must
    // return on the thread that entered it: hand it over, from our scheduler (only once
    // we are off this stack may the root thread jump onto it).
    SPRIG_TRACE(kTraceRoot, "worker %d hands root frame %p back to worker %d", w->id,
                (void *)sf, root->id);
    if (__builtin_setjmp(sf->ctx) == 0) {
      fp_save_frame(sf);
      w->pending.root_ready = sf;
      w->pending.root_to = root;
      // The root thread resumes this stack here, in this function: nothing to pop.
      enter_scheduler(w, SanLeave::Resume, 0);
    }
    // Resumed here by the root thread's scheduler loop, on the root thread.
  }
  SPRIG_TRACE(kTraceRoot, "thread unbinds (frame %p, worker %d, handed over %d)", (void *)sf,
              root->id, w != root);
  root->sched_running = false;
  root->cur = nullptr;
  root->root_frame.store(nullptr, std::memory_order_relaxed);
  set_self(nullptr);
  root->slot_taken.store(false, std::memory_order_release);  // the next binder sees all
}

void __sprig_child_done(sprig_worker *aw, sprig_frame *parent) {
  sprig::child_done(as_worker(aw), parent);
}

void __sprig_sync_suspend(sprig_frame *sf) {
  check_magic(sf, "sync_suspend");
  Worker *w = self();
  Fiber *cur = w->cur;  // a thief's fiber: the frame itself lives on another stack
  uint32_t steals = sf->steals;
  fp_save_frame(sf);  // the resumer restores it (resume_at_sync)
  // acq_rel: release publishes the continuation's writes to whichever child resumes the
  // frame; acquire, if join comes to 0 here, makes the children's writes visible.
  int64_t before = __atomic_fetch_add(&sf->join, (int64_t)steals, __ATOMIC_ACQ_REL);
  w->pending.free_fiber = cur;  // (so this stack dies)
  if (before + (int64_t)steals == 0) {
    w->pending.resume = sf;  // every child already ended
  } else {
    w->stats.suspended_syncs.inc();
    SPRIG_TRACE(kTraceSync, "worker %d suspends frame %p (%lld children out)", w->id,
                (void *)sf, (long long)(before + steals));
  }
  // TSan: this function's entry is the only one on the thief's fiber (the continuation
  // that called it has its entry on the frame's own stack).
  enter_scheduler(w, SanLeave::Dies, 1);
}

void __sprig_deque_overflow(sprig_worker *aw) {
  std::fprintf(stderr,
               "sprig: spawn nesting deeper than the deque of worker %d (%lld entries); "
               "raise SPRIG_DEQUE_DEPTH\n",
               as_worker(aw)->id, (long long)(as_worker(aw)->abi.mask + 1));
  std::abort();
}

}  // extern "C"

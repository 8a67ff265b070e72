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
// Where the rest is: the deque and its memory orderings, sprig/deque.h; the stack
// switches (to the scheduler, into a stolen or resumed continuation), stack_switch.h and
// stack_switch.cpp; binding application threads as root workers, root.cpp.
//
// WARNING: once a worker has subtracted from a frame's join counter, the frame may be
// resumed, return and vanish; read everything needed from it before the decrement.
//===----------------------------------------------------------------------===//
#include "scheduler.h"
#include "assertions.h"
#include "barrier.h"
#include "clock.h"
#include "config.h"
#include "deque.h"
#include "env.h"
#include "fiber.h"
#include "fork.h"
#include "fpstate.h"
#include "global.h"
#include "overflow.h"
#include "pedigree.h"
#include "reducer.h"
#include "root.h"
#include "sanitizer.h"
#include "sleep.h"
#include "spread.h"
#include "sprig/abi.h"
#include "sprig/sprig.h"
#include "stack_switch.h"
#include "stats.h"
#include "topology.h"
#include "trace.h"
#include "victims.h"
#include "worker.h"
#include "xorshift.h"
#include <algorithm>
#include <climits>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <linux/futex.h>
#include <mutex>
#include <new>
#include <pthread.h>
#include <sched.h>
#include <sys/mman.h>
#include <unistd.h>

extern "C" {
// Default visibility, reached only through dynamic relocations against the symbol: an
// executable built by sprig++ defines its own (plugin/RuntimeABI.cpp, useLocalExecTLS),
// which then takes this one's place for the runtime too (__sprig_check_tls checks it).
__thread sprig_worker *__sprig_tls_worker = nullptr;
// Referred to by every module with spawns (plugin/RuntimeABI.cpp, addLinkHint): linked
// without libsprig, the undefined reference names the fix.
extern const char __sprig_runtime_not_linked__link_with_sprigxx_or_add_lsprig;
const char __sprig_runtime_not_linked__link_with_sprigxx_or_add_lsprig = 0;
}

namespace sprig {

void fatal(const char *msg) {
  std::fprintf(stderr, "sprig: %s\n", msg);
  std::abort();
}

// ---- process start: read the environment (starts no thread) ----
__attribute__((constructor)) static void process_init() {
  long page = sysconf(_SC_PAGESIZE);
  g.page_bytes = page > 0 ? static_cast<std::size_t>(page) : 4096;
  parse_environment(g.settings);
  init_locality(g.settings);  // the topology, when SPRIG_BIND pins workers
  if (g.settings.display_env)
    display_settings(g.settings);
  g_trace = g.settings.trace;
  refresh_serial_gate();  // up from the start under SPRIGTEST_SERIAL_ROOTS
  init_process_barrier();
  install_fork_handlers();
  if (g.settings.stats)
    std::atexit(print_stats);
  if (g.settings.test_reducer_counts)
    std::atexit(reducer_print_counts);
}

// The actions deferred to `Worker::pending` (worker.h), now that we are off the stack
// they concern. May resume a frame at its sync (never returns then).
SPRIG_SWITCH_PATH void run_pending(Worker *w) {
  assert_owner(w, "only a worker's own thread runs its pending work");
  SPRIG_ASSERT(w->cur == nullptr, "pending work runs off every stack it concerns");
  Pending p = w->pending;
  SPRIG_ASSERT(!p.root_ready == !p.root_to, "a root frame is handed to a root slot");
  w->pending = Pending{};
  if (p.free_fiber)
    fiber_put(w, p.free_fiber);
  if (p.root_ready) {
    // Release: the root thread's acquire sees the frame's saved context.
    p.root_to->root_ready.store(p.root_ready, std::memory_order_release);
    wake_all();
  }
  if (p.scope_frame) {
    // The exit of a scope suspended (__sprig_scope_suspend), and we are off its stack.
    // acq_rel: release publishes the continuation's writes to the child that resumes
    // it; acquire, if the add brings the counter to 0 (every child ended), makes their
    // writes visible to us before we resume it ourselves.
    sprig_scope *s = p.scope_wait;
    int64_t before = __atomic_fetch_add(&s->join, (int64_t)p.scope_add, __ATOMIC_ACQ_REL);
    SPRIG_ASSERT(before <= 0, "a scope's join counter is never positive before its exit");
    SPRIG_ASSERT(before + (int64_t)p.scope_add >= 0,
                 "a scope's join counter is never negative after its exit's add");
    if (before + (int64_t)p.scope_add == 0)
      resume_at_scope(w, p.scope_frame, s);
  }
  if (p.child_done) {
    sprig_frame *f = p.child_done;
    // A child of a scope: the scope's counter first. The frame cannot get past the
    // frame's sync (nor the scope record be reused) before our decrement of `join`
    // below; if this one brings the scope's counter to 0 the frame waits at the scope's
    // exit, not at a sync, so the decrement of `join` cannot bring that one to 0.
    // acq_rel, as below.
    bool scope_done = false;
    if (sprig_scope *s = p.child_scope) {
      int64_t before = __atomic_fetch_sub(&s->join, 1, __ATOMIC_ACQ_REL);
      scope_done = before == 1;
    }
    // acq_rel: release publishes the child's writes (its result) to whoever resumes the
    // frame; acquire, if we bring join to 0, makes every other child's and the
    // continuation's writes visible to us before we resume it.
    if (__atomic_fetch_sub(&f->join, 1, __ATOMIC_ACQ_REL) == 1) {
      SPRIG_ASSERT(!scope_done, "a frame waits at one place: a sync or a scope's exit");
      resume_at_sync(w, f);
    }
    if (scope_done)
      resume_at_scope(w, f, p.child_scope);
  }
  if (p.resume)
    resume_at_sync(w, p.resume);
}

// Every switch to the scheduler lands at the setjmp below, on the scheduler's stack.
void sched_loop(Worker *w) {
  __builtin_setjmp(w->sched_ctx);
  w = self();  // re-read after a jump in; all registers are clobbered here
  w->sched_running = true;
  w->cur = nullptr;
  run_pending(w);
  // The idle policy (config.h): spin, then (more workers than CPUs) yield or (else)
  // spin on until idle for kIdleSpinNs, then sleep.
  const bool oversubscribed = g.settings.nworkers > g.settings.cpus;
  const int spin_rounds =
      oversubscribed ? config::kSpinRoundsOversubscribed : config::kSpinRounds;
  int idle = 0;
  unsigned naps = 0;    // sleeps in a row that timed out (sleep_idle backs off)
  long idle_since = 0;  // when the rounds after spin_rounds began (CLOCK_MONOTONIC, ns)
  int churn_pauses = config::kChurnBackoffPauses;  // the churn back-off (config.h)
  for (;;) {
    if (w->is_root) {
      // Acquire: pairs with run_pending's release on the worker that handed it back,
      // so the frame's saved context is visible.
      if (sprig_frame *f = w->root_ready.exchange(nullptr, std::memory_order_acquire))
        resume_root_frame(w, f);  // our root frame finished on another worker (root.cpp)
    }
    const int n = victim_count();
    if (n > 1) {
      int v = choose_victim(w, n);  // close victims first when bound (victims.cpp)
      Worker *victim = &g.workers[v];
      w->stats.steal_attempts.inc();
      // A root waiting for its own computation takes only that computation's work.
      bool allowed = !w->is_root || victim->comp.load(std::memory_order_relaxed) ==
                                        w->comp.load(std::memory_order_relaxed);
      DequeLook look = DequeLook::Empty;
      sprig_steal_status r = SPRIG_STEAL_EMPTY;
      sprig_frame *stolen = nullptr;
      void *resume_pc = nullptr;  // read by the steal while it announces the frame
      sprig_frame *up = nullptr;  // the stolen frame's spawn ancestor, read before the CAS
      if (allowed)
        r = steal_or_ask(w, victim, &stolen, &look, &resume_pc, &up);
      if (look == DequeLook::Churning) {
        // An owner pushing and popping one entry: leave its lines alone for a while.
        for (int i = 0; i < churn_pauses; ++i)
          sprig_cpu_relax();
        churn_pauses = std::min(2 * churn_pauses, config::kChurnBackoffMaxPauses);
      } else if (look == DequeLook::Worth) {
        churn_pauses = config::kChurnBackoffPauses;
      }
      if (r == SPRIG_STEAL_WON) {
        SPRIG_TRACE(kTraceSteal,
                    "worker %d took frame %p from worker %d (top now %lld, split %lld)",
                    w->id, (void *)stolen, victim->id,
                    (long long)__atomic_load_n(&victim->abi.top, __ATOMIC_RELAXED),
                    (long long)__atomic_load_n(&victim->abi.split, __ATOMIC_RELAXED));
        // Our deque now fills with that computation's work.
        w->comp.store(victim->comp.load(std::memory_order_relaxed),
                      std::memory_order_relaxed);
        w->fp.store(victim->fp.load(std::memory_order_relaxed), std::memory_order_relaxed);
        victim_stolen(w);
        if (g.settings.steal_pause_us && (xorshift_next(&w->stress_rng) & 3) == 0)
          usleep(static_cast<useconds_t>(g.settings.steal_pause_us));  // tests only
        resume_stolen(w, stolen, resume_pc, up);
      }
      if (r == SPRIG_STEAL_LOST) {
        idle = 0;
        continue;
      }
    }
    ++idle;
    if (idle < spin_rounds) {
      sprig_cpu_relax();
    } else if (idle == spin_rounds) {
      idle_since = monotonic_ns();
      restore_cpus_after_aimed_wake(w);  // idle: leave the CPUs a waker aimed us at
      sprig_cpu_relax();
    } else if (oversubscribed && idle < spin_rounds + config::kYieldRounds) {
      sched_yield();
    } else if (!oversubscribed && naps == 0 &&
               ((idle & 63) != 0 || monotonic_ns() - idle_since < config::kIdleSpinNs)) {
      sprig_cpu_relax();  // the clock (vDSO, no system call) read every 64th round
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
  debug_set_owner(w, true);  // a pool worker's thread owns it for good
  install_overflow_handler_for_thread();
  san_worker_thread(w);   // the loop's stack is this thread's own
  bind_worker_thread(w);  // SPRIG_BIND (topology.cpp)
  spread_after_wake();    // not on the CPU of the thread that started the pool
  sched_loop(w);
}

// The deque's ring: virtual memory, touched as used (pool workers at start, a root slot
// when first bound).
void map_deque(Worker *w) {
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
  // top is 0. Atomic: a worker going to sleep may lower it (sprig/deque.h, limit).
  // SPRIGTEST_STRESS: every push and pop of the owner takes its slow path from the
  // first (runtime/deque.cpp, serve), where it may yield.
  const bool stress = g.settings.stress_seed != 0;
  __atomic_store_n(&w->abi.limit, stress ? INT64_MIN : w->abi.mask, __ATOMIC_RELAXED);
  if (stress)
    __atomic_store_n(&w->abi.pop_bound, INT64_MAX, __ATOMIC_RELAXED);
}

void unmap_deque(Worker *w) {
  if (!w->abi.buf)
    return;
  munmap(w->abi.buf, static_cast<std::size_t>(w->abi.mask + 1) * sizeof(sprig_frame *));
  w->abi.buf = nullptr;
}

void init_worker(Worker *w, int id) {
  w->abi.spawns = 0;
  w->id = id;
  w->rng = 0x9E3779B97F4A7C15ull * static_cast<uint64_t>(id + 1);
  // Never 0 (xorshift's fixed point): the seed's bits mixed with the worker's.
  w->stress_rng =
      (g.settings.stress_seed ^ 0xD1B54A32D192ED03ull * static_cast<uint64_t>(id + 2)) | 1;
  debug_set_owner(w, false);  // no thread yet: its own, a binder, or its serial thread
}

void start_workers() {
  if (g.started.load(std::memory_order_acquire))
    return;
  // Threads that arrive while another one starts the pool wait for the start itself, not
  // in the mutex's queue: a mutex hands itself to one waiter at a time, and each handoff
  // waits for that waiter to get a CPU. With 32 threads entering at once on 2 CPUs, each
  // calling a spawning function, that convoy cost about 15 ms per waiter, 0.35 s for the
  // last one's first call. The wait has a timeout: the mutex may be held by something
  // that is not a start (sprig_set_nworkers, a fork), which wakes nobody.
  while (!g.start_mutex.try_lock()) {
    if (g.started.load(std::memory_order_acquire))
      return;
    timespec ts{0, 1'000'000};
    futex(&g.start_word, FUTEX_WAIT_PRIVATE, 0, &ts);
  }
  std::lock_guard<std::mutex> l(g.start_mutex, std::adopt_lock);
  if (g.started.load(std::memory_order_relaxed))
    return;
  int n = g.settings.nworkers;
  int slots = n - 1 + config::kMaxRoots;
  void *mem =
      ::operator new[](sizeof(Worker) * slots, std::align_val_t(config::kCacheLine));
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
  init_victims(n);  // before the threads that read it exist
  // Root slots are bound by application threads that enter spawning functions; the
  // pool workers get threads now, on the first spawn (lazy start).
  note_waker_cpu();  // new workers start elsewhere (spread.cpp)
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
  // Wake every thread waiting in the loop above at once (they re-read `started`, whose
  // release store is before this one in program order).
  g.start_word.store(1, std::memory_order_release);
  futex(&g.start_word, FUTEX_WAKE_PRIVATE, INT_MAX, nullptr);
}

// child_done, on a stack that does not hold the parent's frame: the parent's
// continuation ran here (after an earlier steal) and called the helper here, so the
// continuation's resume point, the return address below ctx[SP], is a word of this
// stack (sprig_stolen_resume_pc). The thief that took the parent's entry may not have
// read it yet (descheduled after its CAS); freed now, the stack would be taken again by
// our next steal and that word overwritten by the next continuation's first helper call,
// the thief resuming the parent there (fuzz seed 91559). So wait until no thief
// announces the parent (Worker::resume_pc_of), then free it. The thief announced before
// its CAS (seq_cst), and our pop failed because that CAS took the entry, or, for a child
// that ended on another worker than its parent's, because the parent's entry was taken
// before its own was: either way the CAS happens before this point (the ACQUIRE fence
// makes the relaxed load of top that saw it synchronise with it), so the loads below see
// the announcement or the thief's later RELEASE store that withdrew it, after its read.
// Short: the thief reads two words between its CAS and that store.
static void free_after_resume_pc_read(sprig_frame *parent, Fiber *cur, Worker *w) {
  std::atomic_thread_fence(std::memory_order_acquire);
  const int n = victim_count();
  for (int i = 0; i < n; ++i) {
    Worker *t = &g.workers[i];
    for (unsigned spins = 0; t->resume_pc_of.load(std::memory_order_acquire) == parent;
         ++spins) {
      if (spins < 64)
        sprig_cpu_relax();
      else
        sched_yield();  // the thief was descheduled after its CAS: let it run
    }
  }
  w->pending.free_fiber = cur;
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
[[noreturn]] SPRIG_CHILD_DONE_INLINE void child_done(Worker *w, sprig_frame *parent,
                                                     sprig_scope *scope) {
  SPRIG_TRACE(kTraceSync, "worker %d: child of %p ends, parent stolen", w->id,
              (void *)parent);
  // No check_frame here: the parent's flags are its runner's, and a thief may run it.
  assert_owner(w, "a child ends on its own worker's thread");
  SPRIG_ASSERT(pending_empty(w->pending),
               "a worker sets its pending work once per visit to its scheduler");
  Fiber *cur = w->cur;
  bool keep = cur->contains(parent);
  if (keep)
    parent->orig_stack = cur;  // the frame lives here: the stack is now the frame's
  else
    free_after_resume_pc_read(parent, cur, w);  // nothing else of value left on it
  w->pending.child_done = parent;
  w->pending.child_scope = scope;
  // This strand's reducer views go to the parent's pieces before the join counter lets
  // anyone resume it (runtime/reducer.cpp).
  reducer_piece_ends(w, parent, false);
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

int sprig_set_nworkers(int n) {
  if (n < 1 || n > config::kMaxWorkers)
    return -1;
  std::lock_guard<std::mutex> l(g.start_mutex);  // against a concurrent first spawn
  if (g.started.load(std::memory_order_relaxed))
    return -1;  // the pool exists: its size is fixed
  g.settings.nworkers = n;
  refresh_serial_gate();
  return 0;
}

int sprig_worker_id(void) {
  Worker *w = self();
  return w ? w->id : -1;
}

void __sprig_child_done(sprig_worker *aw, sprig_frame *parent) {
  sprig::child_done(as_worker(aw), parent);
}

void __sprig_child_done_scoped(sprig_worker *aw, sprig_frame *parent, sprig_scope *scope) {
  sprig::child_done(as_worker(aw), parent, scope);
}

void __sprig_scope_suspend(sprig_frame *sf, sprig_scope *s) {
  check_frame(sf, "scope_suspend");
  Worker *w = self();
  uint32_t n = s->stolen;
  SPRIG_ASSERT(n >= 1, "a scope's exit waits only when a child of it ran in parallel");
  s->stolen = 0;
  // Every such child already ended? They only subtract until our add, one each: the
  // counter is then -n. Acquire: their writes (results) are visible to what follows.
  if (__atomic_load_n(&s->join, __ATOMIC_ACQUIRE) == -(int64_t)n) {
    // No child of the scope is left to touch the counter: a plain reset.
    __atomic_store_n(&s->join, 0, __ATOMIC_RELAXED);
    frame_note_exceptions(sf);  // a child that ran in parallel may have thrown
    return;
  }
  // (A sync inside the scope since those children's steals waited for them all and made
  // the frame unstolen: then the test above returned.) One of them still runs, so the
  // frame was stolen since its last sync.
  SPRIG_ASSERT(sprig_frame_is_stolen(sf),
               "a scope's child runs in parallel only while its frame is stolen");
  SPRIG_ASSERT(pending_empty(w->pending),
               "a worker sets its pending work once per visit to its scheduler");
  stress_point(w);
  fp_save_frame(sf);  // the resumer restores it (resume_at_scope)
  ped_save(sf);       // the strand's pedigree, likewise (runtime/pedigree.h)
  // The continuation's stack stays the frame's until it resumes there: nothing else
  // runs on it (its children that were stolen from it moved on to other stacks).
  s->stack = w->cur;
  s->views = reducer_park(w);
  // The add waits until we are off this stack (run_pending): a child may resume the
  // frame on it as soon as the counter reaches 0.
  w->pending.scope_frame = sf;
  w->pending.scope_wait = s;
  w->pending.scope_add = n;
  w->stats.suspended_syncs.inc();
  SPRIG_TRACE(kTraceSync, "worker %d suspends frame %p at a scope's exit", w->id,
              (void *)sf);
  // TSan: this function's entry; the continuation's stack is resumed later.
  enter_scheduler(w, SanLeave::Resume, 1);
}

void __sprig_sync_suspend(sprig_frame *sf) {
  check_frame(sf, "sync_suspend");
  Worker *w = self();
  Fiber *cur = w->cur;  // a thief's fiber: the frame itself lives on another stack
  uint32_t steals = sf->steals;
  SPRIG_ASSERT(sprig_frame_is_stolen(sf) && steals >= 1,
               "only a frame stolen since its last sync suspends there");
  SPRIG_ASSERT(pending_empty(w->pending),
               "a worker sets its pending work once per visit to its scheduler");
  stress_point(w);
  fp_save_frame(sf);                // the resumer restores it (resume_at_sync)
  ped_save(sf);                     // the strand's pedigree, likewise (runtime/pedigree.h)
  reducer_piece_ends(w, sf, true);  // before the join counter lets anyone resume sf
  // acq_rel: release publishes the continuation's writes to whichever child resumes the
  // frame; acquire, if join comes to 0 here, makes the children's writes visible.
  int64_t before = __atomic_fetch_add(&sf->join, (int64_t)steals, __ATOMIC_ACQ_REL);
  // Before the add only the children that ended have subtracted, one each, and each was
  // counted in `steals` (sprig/abi/frame.h, `join`).
  SPRIG_ASSERT(before <= 0, "the join counter is never positive before the sync's add");
  SPRIG_ASSERT(before + (int64_t)steals >= 0,
               "the join counter is never negative after the sync's add");
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

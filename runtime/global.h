//===- runtime/global.h - process-wide runtime state ----------------------===//
#pragma once
#include "worker.h"
#include <atomic>
#include <cstddef>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <mutex>

namespace sprig {

// SPRIG_BIND: where pool workers run (runtime/topology.cpp).
enum class Bind : unsigned char { None, Close, Spread };

// Settings read once from the environment at process start (runtime/env.cpp).
struct Settings {
  int nworkers = 1;
  int cpus = 1;  // CPUs in the process's affinity mask at start
  std::size_t stack_bytes = config::kDefaultStackBytes;
  std::size_t deque_depth = config::kDefaultDequeDepth;
  bool stats = false;
  unsigned trace = 0;        // bit mask of trace categories (runtime/trace.h)
  bool display_env = false;  // SPRIG_DISPLAY_ENV: print the settings at start
  // SPRIGTEST_SERIAL_ROOTS=1 (tests only): the serial gate stays up, so every root
  // computation entered through a gated spawning function runs its serial clone.
  bool force_serial_roots = false;
  // SPRIGTEST_STRESS=<seed> (tests only; 0: off): the schedule-stress mode. Thieves never
  // back off (no lone-entry window, no churn back-off, a request forced at once) and
  // owners give up their CPU at random slow paths of their deque and at suspending
  // syncs (seeded per worker), so that steals happen in every program.
  std::uint64_t stress_seed = 0;
  // config::kLoneEntryNs; a setting so that tests can pin the owner's decision.
  long lone_entry_ns = config::kLoneEntryNs;
  // SPRIGTEST_FORCE_AFTER_NS (tests only): how old a request is forced, in ns; negative:
  // never. Default config::kForceStealAfterNs; tests pin it.
  long force_after_ns = config::kForceStealAfterNs;
  // SPRIGTEST_STEAL_PAUSE_US (tests only; 0: off): a thief whose steal won sleeps this
  // long, one steal in four, before it resumes the continuation: the window in which the
  // victim's child ends, its pop fails and its stack may be reused (test/lit/regress/
  // stack-reused-before-thief-reads-resume-point.cpp).
  long steal_pause_us = 0;
  Bind bind = Bind::None;  // SPRIG_BIND
  // SPRIGTEST_SYSFS_ROOT (tests only): where the topology is read instead of
  // /sys/devices/system (a fake tree).
  const char *sysfs_root = nullptr;
  // SPRIGTEST_REDUCER_ALLOC_FAIL=N (tests only): every Nth allocation of the reducer
  // runtime's reservation for a steal fails (runtime/reducer.cpp). 0: none.
  std::uint64_t test_reducer_alloc_fail = 0;
  // SPRIGTEST_REDUCER_COUNTS=1 (tests only): print at exit the steals, allocations,
  // stripe locks and given-up steals of the reducer runtime's scheduler paths.
  bool test_reducer_counts = false;
  // The work/span profiler (runtime/scale.cpp, docs/scale.md).
  // (No std::string here: Global stays constant-initialized, ready before the
  // constructors that parse the environment.)
  const char *scale_out = nullptr;  // SPRIG_SCALE_OUT: the report's file (null: stderr)
  bool scale_insns = false;         // SPRIG_SCALE_UNIT=instructions (default: seconds)
  std::uint64_t scale_burden = config::kScaleBurdenInsns;  // SPRIG_SCALE_BURDEN
};

struct Global {
  Settings settings;
  // [slots], created at the first spawn: index 0 is the first root slot, 1..nworkers-1
  // the pool workers (threads of their own), nworkers.. the other root slots (an
  // application thread binds one for the duration of a root computation).
  Worker *workers = nullptr;
  int slots = 0;  // nworkers - 1 + config::kMaxRoots
  // Slots a thief looks at: nworkers plus the root slots used so far beyond slot 0. Only
  // grows (a slot's deque stays valid once mapped). Relaxed: a thief that reads an older
  // value only looks at fewer victims.
  std::atomic<int> nvictims{0};
  // Root computations bound to a root slot right now (root.cpp). When it reaches
  // nworkers, every CPU the pool was sized for already has a thread running Sprig work
  // (each bound root's thread plus the nworkers - 1 pool threads), so a new root runs
  // its computation on a private worker instead: thieves would only add steals and
  // waits at its syncs, not parallelism. Relaxed: a heuristic, read once at entry.
  std::atomic<int> bound_roots{0};
  // Threads running a root computation serially right now (a serial clone entered at
  // the gate, or a private serial worker): busy CPUs too, so they count with
  // bound_roots towards the saturation that raises the serial gate (root.cpp).
  std::atomic<int> serial_roots{0};
  std::atomic<bool> started{false};  // pool threads exist (lazy start)
  std::mutex start_mutex;
  // 1 once `started`: a futex word that threads arriving during the start wait on
  // (start_workers); the starter wakes them all at once.
  std::atomic<uint32_t> start_word{0};
  std::size_t page_bytes = 4096;
};

extern Global g;

// Print "sprig: <msg>" and abort (runtime/scheduler.cpp).
[[noreturn]] void fatal(const char *msg);

// A frame reaching a slow path must have been entered (sprig_enter_frame: flags has
// ENTERED from the first spawn on). A sanity check against corrupt frames; code built
// against another sprig/abi.h is caught when its module loads (__sprig_check_abi).
inline void check_frame(const sprig_frame *f, const char *where) {
  if (__builtin_expect(!(f->flags & SPRIG_FRAME_ENTERED), 0)) {
    std::fprintf(stderr, "sprig: corrupt frame %p in %s (flags 0x%x, not entered)\n",
                 (const void *)f, where, f->flags);
    std::abort();
  }
}

// runtime/sleep.cpp: the futex system call on a 32-bit word.
long futex(std::atomic<uint32_t> *addr, int op, uint32_t val, const timespec *ts);

// runtime/env.cpp
void parse_environment(Settings &s);
// True once an instrumented module (sprig++ --scale) has started (runtime/scale.cpp).
bool scale_active();
void display_settings(const Settings &s);  // SPRIG_DISPLAY_ENV, to stderr
// runtime/scheduler.cpp: the pool starts at the first root entry (lazy start).
void start_workers();
// A worker record's owner-private start state (id, victim-choice seed).
void init_worker(Worker *w, int id);
// Map a worker's deque ring (pool workers at start, a root slot at its first binding).
void map_deque(Worker *w);
// Give a deque's ring back (a private serial worker whose thread exits).
void unmap_deque(Worker *w);
// runtime/root.cpp: the calling thread's private worker (nobody steals from it).
Worker *serial_worker();
// Slot i of g.workers is a root slot (0, and nworkers..), not a pool worker.
inline bool is_root_slot(int i) { return i == 0 || i >= g.settings.nworkers; }
// The root slots and pool workers a thief may look at (the first g.nvictims slots).
inline int victim_count() { return g.nvictims.load(std::memory_order_relaxed); }
// runtime/root.cpp: recompute __sprig_serial_gate (sprig/abi.h) after bound_roots or
// the pool's size changed.
void refresh_serial_gate();
// Is the calling thread inside a serial root computation (fork.cpp)?
bool thread_in_serial_root();
// runtime/fork.cpp: pthread_atfork handlers (the child gets a fresh runtime).
void install_fork_handlers();
void reset_after_fork();
// A child ended and its parent was stolen: sprig_leave_helper's slow path, shared by
// __sprig_child_done and __sprig_leave_helper_exc (each called straight from a helper).
[[noreturn]] __attribute__((visibility("hidden"))) void child_done(Worker *w,
                                                                   sprig_frame *parent);
// runtime/reducer.cpp: the strands' reducer views across the slow paths.
bool reducer_reserve(Worker *w);  // before a steal's CAS; false: no memory, do not steal
void reducer_steal(Worker *w, sprig_frame *f);  // a thief starts a piece of f
void reducer_piece_ends(Worker *w, sprig_frame *f, bool at_sync);  // this strand ends one
void reducer_resume(Worker *w, sprig_frame *f);                    // f resumed at its sync
void reducer_root_taken_back();  // a root frame back on its thread
void reducer_print_counts();     // SPRIGTEST_REDUCER_COUNTS, at exit
// runtime/deque.cpp: the thief's side of the split deque. What a look at a victim
// whose public part is empty found: nothing; work worth asking for (or a public entry);
// a lone entry the owner pushes and pops as the thief watches (a loop of tiny spawns).
enum class DequeLook { Empty, Worth, Churning };
// Steal the oldest public entry of `victim`, or ask its owner for work, or force an old
// request (a steal after a process-wide barrier). Reserves the fiber before any CAS.
// *resume_pc: the won continuation's resume point (sprig_stolen_resume_pc), read while
// the thief announces the frame (Worker::resume_pc_of); null: neither (tests whose
// entries are not frames).
sprig_steal_status steal_or_ask(Worker *w, Worker *victim, sprig_frame **frame,
                                DequeLook *look, void **resume_pc = nullptr);
// The runtime's one pseudo-random generator (xorshift64; *state never 0): victim choice
// (victims.cpp) and SPRIGTEST_STRESS's yields (deque.cpp).
inline uint64_t xorshift_next(uint64_t *state) {
  uint64_t x = *state;
  x ^= x << 13;
  x ^= x >> 7;
  x ^= x << 17;
  return *state = x;
}
// SPRIGTEST_STRESS: maybe give up the CPU (an owner's slow path).
void stress_point(Worker *w);
inline long monotonic_ns() {
  timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return ts.tv_sec * 1'000'000'000L + ts.tv_nsec;
}
// runtime/sleep.cpp
// Wake one sleeping worker (a push found sleepers; runtime/deque.cpp).
void wake_one();
// Sleep until woken or a timeout; true if woken (work may have appeared).
// `naps`: the sleeps in a row that timed out before this one (the timeout backs off).
bool sleep_idle(Worker *w, unsigned naps);
// A worker woken away from its waker's CPU gets its CPUs back, once idle again.
void restore_cpus_after_aimed_wake(Worker *w);
void wake_all();
// spread.cpp: a woken worker leaves its waker's CPU (Linux tends to put it there).
int note_waker_cpu();  // returns the CPU it recorded (-1: unknown)
void spread_after_wake();
// runtime/barrier.cpp: register for membarrier (or set up the fallback), at start. The
// barrier itself (__sprig_process_barrier) serves the forced steal (runtime/deque.cpp).
void init_process_barrier();
// runtime/exception.cpp: set SPRIG_FRAME_EXCEPTION if a child left an exception.
void frame_note_exceptions(sprig_frame *f);
// runtime/stats.cpp
void print_stats();
// runtime/overflow.cpp: SIGSEGV on an alternate stack, per thread.
void install_overflow_handler_for_thread();

}  // namespace sprig

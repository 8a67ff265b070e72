//===- runtime/global.h - process-wide runtime state ----------------------===//
//
// The one process-wide record, `g`, and the settings it holds. Nothing else: each file's
// functions are declared in the header named after it (scheduler.h, root.h, sleep.h,
// ...). Grouped by who touches the state and when, so that what every thief reads at
// each steal attempt never shares a cache line with what application threads write at
// each root computation:
//  - read-mostly: written at process start and at the pool's start (before the pool
//    threads exist, which orders the writes before their reads), then only read, by
//    every worker on its hot paths (the settings, the worker array, the victim count);
//  - root bookkeeping: counters that application threads update at every root entry and
//    exit, on a line of their own;
//  - the lazy start: the lock and the word that threads arriving during the pool's start
//    wait on, touched at the start and by the rare callers that take the lock.
// Its friends, the other process-wide variables that hot paths share, are defined with it
// in global.cpp and declared where their concept is: __sprig_sleepers (sprig/deque.h; a
// cache line of its own: every sleeper and waker writes it), __sprig_serial_gate and
// __sprig_zero (sprig/abi/entry.h) and g_trace (trace.h), read-mostly, on another line.
// State private to one file stays there (the fiber pools, the reducers' stripes, ...).
//===----------------------------------------------------------------------===//
#pragma once
#include "config.h"
#include <atomic>
#include <cstddef>
#include <cstdint>
#include <mutex>

namespace sprig {

struct Worker;  // worker.h

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
  // ---- read-mostly: every worker reads these on its hot paths ----
  // Written at process start (process_init) or by the thread that starts the pool
  // (start_workers, sprig_set_nworkers before it), and in a fork's child, never while
  // pool threads exist, except `nvictims` (below).
  Settings settings;
  // [slots], created at the first spawn: index 0 is the first root slot, 1..nworkers-1
  // the pool workers (threads of their own), nworkers.. the other root slots (an
  // application thread binds one for the duration of a root computation).
  Worker *workers = nullptr;
  int slots = 0;  // nworkers - 1 + config::kMaxRoots
  // Slots a thief looks at: nworkers plus the root slots used so far beyond slot 0. Only
  // grows (a slot's deque stays valid once mapped), once per root slot first bound: a
  // write rare enough to share the read-mostly line. Relaxed: a thief that reads an
  // older value only looks at fewer victims.
  std::atomic<int> nvictims{0};
  std::atomic<bool> started{false};  // pool threads exist (lazy start)
  std::size_t page_bytes = 4096;

  // ---- root bookkeeping: written by application threads at every root entry and exit
  // (root.cpp), read there too; never by a thief ----
  // Root computations bound to a root slot right now (root.cpp). When it reaches
  // nworkers, every CPU the pool was sized for already has a thread running Sprig work
  // (each bound root's thread plus the nworkers - 1 pool threads), so a new root runs
  // its computation on a private worker instead: thieves would only add steals and
  // waits at its syncs, not parallelism. Relaxed: a heuristic, read once at entry.
  alignas(config::kCacheLine) std::atomic<int> bound_roots{0};
  // Threads running a root computation serially right now (a serial clone entered at
  // the gate, or a private serial worker): busy CPUs too, so they count with
  // bound_roots towards the saturation that raises the serial gate (root.cpp).
  std::atomic<int> serial_roots{0};

  // ---- the lazy start (scheduler.cpp, start_workers): touched once, and by the rare
  // callers of the lock (sprig_set_nworkers, fork) ----
  alignas(config::kCacheLine) std::mutex start_mutex;
  // 1 once `started`: a futex word that threads arriving during the start wait on
  // (start_workers); the starter wakes them all at once.
  std::atomic<uint32_t> start_word{0};
};

extern Global g;

// Slot i of g.workers is a root slot (0, and nworkers..), not a pool worker.
inline bool is_root_slot(int i) { return i == 0 || i >= g.settings.nworkers; }
// The root slots and pool workers a thief may look at (the first g.nvictims slots).
inline int victim_count() { return g.nvictims.load(std::memory_order_relaxed); }

}  // namespace sprig

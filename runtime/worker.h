//===- runtime/worker.h - per-worker state --------------------------------===//
//
// Split by who may touch it (oneTBB arena_slot style): the ABI part (deque top/bottom,
// see sprig/abi.h and deque.h), then owner-private state, each on its own cache lines.
//===----------------------------------------------------------------------===//
#pragma once
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
  Fiber *free_fiber = nullptr;        // return to the pool (we just left it)
  sprig_frame *child_done = nullptr;  // a child of this frame ended: decrement its join
  sprig_frame *resume = nullptr;      // resume this frame at its sync
  sprig_frame *root_ready = nullptr;  // hand this root frame back to its own thread
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
};

struct Worker {
  // ---- ABI part: must stay first (generated code casts Worker* to sprig_worker_abi*).
  sprig_worker_abi abi;

  // ---- owner-private ----
  alignas(config::kCacheLine) int id = 0;
  uint64_t rng = 0;               // xorshift state for victim choice
  Fiber *cur = nullptr;           // stack we run on; null while in the scheduler
  Fiber *sched_fiber = nullptr;   // root worker: stack its scheduler loop runs on
  void *sched_ctx[5] = {};        // __builtin_setjmp buffer of the scheduler loop
  bool sched_running = false;     // sched_ctx valid (loop started on its stack)
  bool is_root = false;           // bound application thread (worker 0)
  Fiber native;                   // root worker: the application thread's own stack
  Pending pending;
  Fiber *pool = nullptr;          // local free fibers
  int pool_size = 0;
  Stats stats;

  // ---- written by other threads ----
  // Root worker: a root frame whose continuation ended on another worker and must return
  // on this thread. Written by that worker (release), read by this one (acquire).
  alignas(config::kCacheLine) std::atomic<sprig_frame *> root_ready{nullptr};
};

inline Worker *as_worker(sprig_worker *w) { return reinterpret_cast<Worker *>(w); }
inline sprig_worker *as_abi(Worker *w) { return reinterpret_cast<sprig_worker *>(w); }

}  // namespace sprig

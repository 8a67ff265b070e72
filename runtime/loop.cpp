//===- runtime/loop.cpp - what parallel loops need of the runtime ---------===//
//
// [[sprig::parallel_for]] is lowered by the plugin (plugin/ParallelLoops.cpp) into a
// divide-and-conquer driver of ordinary spawns; the runtime only gives it the default
// grain, keeps the exception an iteration throws and the first iteration that breaks
// (include/sprig/abi.h). The views of iterations after a break: reducer.cpp.
//===----------------------------------------------------------------------===//
#include "global.h"
#include "scale.h"
#include <sprig/abi.h>
#include <sprig/sprig.h>

#include <atomic>
#include <exception>
#include <mutex>

namespace {
// Exceptions from loop iterations are rare: one lock for all loops keeps the state two
// words in the caller's frame.
std::mutex g_loop_exc_mutex;
}  // namespace

extern "C" size_t __sprig_pfor_grain(size_t n) {
  // The profiler's serial run (sprig++ --scale) uses the CPUs, not SPRIG_NWORKERS: its
  // figures must not depend on the worker count it happens to be run with.
  int p = sprig::scale_active() ? sprig::g.settings.cpus : sprig_nworkers();
  size_t p8 = 8 * static_cast<size_t>(p > 0 ? p : 1);
  size_t g = n / p8 + (n % p8 != 0);
  return g < 1 ? 1 : (g > 2048 ? 2048 : g);
}

extern "C" void __sprig_pfor_caught(sprig_pfor_state *st, uint64_t k) {
  // Called inside the iteration's catch (...): current_exception() is the one thrown.
  std::lock_guard<std::mutex> lock(g_loop_exc_mutex);
  // Memory ordering: min_k is written here only, under the lock; the chunks' relaxed
  // reads are hints (plugin/ParallelLoops.cpp), and __sprig_pfor_rethrow runs after the
  // loop's sync, which orders every write here before it.
  auto *min_k = reinterpret_cast<std::atomic<uint64_t> *>(&st->min_k);
  if (k >= min_k->load(std::memory_order_relaxed))
    return;  // an earlier iteration's exception is kept; this one is dropped
  auto *old = static_cast<std::exception_ptr *>(st->exc);
  st->exc = new std::exception_ptr(std::current_exception());
  min_k->store(k, std::memory_order_relaxed);
  delete old;
}

extern "C" void __sprig_pfor_broke(sprig_pfor_state *st, uint64_t k) {
  // Iteration k ran a `break` of the loop's body. The same event as a throw: the first in
  // iteration order wins; a break there means no exception. Same lock and orderings as
  // __sprig_pfor_caught; runtime/view_map.cpp (merge_views) also reads min_k, relaxed,
  // after the break's strand has ended.
  std::lock_guard<std::mutex> lock(g_loop_exc_mutex);
  auto *min_k = reinterpret_cast<std::atomic<uint64_t> *>(&st->min_k);
  if (k >= min_k->load(std::memory_order_relaxed))
    return;  // an earlier iteration broke or threw
  auto *old = static_cast<std::exception_ptr *>(st->exc);
  st->exc = nullptr;
  min_k->store(k, std::memory_order_relaxed);
  delete old;
}

extern "C" void __sprig_pfor_rethrow(sprig_pfor_state *st) {
  auto *e = static_cast<std::exception_ptr *>(st->exc);
  if (!e)
    return;
  std::exception_ptr ex = *e;
  delete e;
  st->exc = nullptr;
  std::rethrow_exception(ex);
}

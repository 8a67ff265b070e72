//===- runtime/sleep.cpp - idle workers sleep, and wake when work appears -===//
//
// A worker that found nothing to steal for a while (config.h: spin, then yield) sleeps
// on a futex word `epoch` with a timeout. Wakers bump `epoch` and futex-wake.
//
// Who wakes whom:
//  - a push (sprig_deque_push, inline) wakes one sleeper. It does not test for sleepers
//    on every spawn: a worker about to sleep lowers every worker's push bound (`limit`,
//    sprig/deque.h, lower_push_bounds below), so each worker's next push takes the
//    bound's slow path (__sprig_push_slow, runtime/deque.cpp), which refreshes the bound
//    and wakes one if __sprig_sleepers != 0;
//  - a root hand-back wakes all (the root thread among them).
//
// Memory ordering: the sleeper increments __sprig_sleepers (seq_cst), lowers the bounds
// (relaxed), re-checks every deque, then waits only if `epoch` is unchanged. The pusher
// reads its bound relaxed before publishing its entry (release), with no fence (the
// spawn fast path stays fence-free), and an owner refreshing its bound at the same
// moment may overwrite the lowered value, so the Dekker pair is incomplete: a wake-up
// can be lost when the two race. That is bounded, not a hang: every wait times out after
// config::kSleepTimeoutNs (doubling with each timeout in a row, up to 8 times that) and
// the sleeper looks again. Idle cost: one short wake-up per timeout per worker (the
// idle-CPU test measures it).
//===----------------------------------------------------------------------===//
#include "global.h"
#include <atomic>
#include <climits>
#include <ctime>
#include <linux/futex.h>
#include <sys/syscall.h>
#include <unistd.h>

namespace sprig {

static std::atomic<uint32_t> epoch{0};

long futex(std::atomic<uint32_t> *addr, int op, uint32_t val, const timespec *ts) {
  return syscall(SYS_futex, reinterpret_cast<uint32_t *>(addr), op, val, ts, nullptr, 0);
}

// Work this worker would take: its root frame handed back, or a non-empty deque it may
// steal from (a root slot only steals work of its own computation, see sched_loop).
static bool any_work(Worker *w) {
  if (w->is_root && w->root_ready.load(std::memory_order_relaxed))
    return true;
  const int n = victim_count();
  const uint64_t comp = w->comp.load(std::memory_order_relaxed);
  for (int i = 0; i < n; ++i) {
    Worker *v = &g.workers[i];
    if (v != w && !sprig_deque_looks_empty(&v->abi) &&
        (!w->is_root || v->comp.load(std::memory_order_relaxed) == comp))
      return true;
  }
  return false;
}

// Make the next push of every worker but w take its slow path, which wakes a sleeper
// (sprig_deque_push). Relaxed: a request, see the memory-ordering note above.
static void lower_push_bounds(Worker *w) {
  const int n = victim_count();
  for (int i = 0; i < n; ++i)
    if (Worker *v = &g.workers[i]; v != w)
      __atomic_store_n(&v->abi.limit, INT64_MIN, __ATOMIC_RELAXED);
}

bool sleep_idle(Worker *w, unsigned naps) {
  uint32_t e = epoch.load(std::memory_order_acquire);
  __atomic_fetch_add(&__sprig_sleepers, 1, __ATOMIC_SEQ_CST);
  lower_push_bounds(w);
  if (!any_work(w)) {
    // Back off: each timeout in a row doubles the next wait, up to 2^kSleepBackoffSteps
    // times the first (a long idle stretch costs fewer wake-ups; a lost wake-up, the race
    // described above, then costs at most that long).
    long ns = config::kSleepTimeoutNs
              << (naps < config::kSleepBackoffSteps ? naps : config::kSleepBackoffSteps);
    timespec ts{ns / 1'000'000'000, ns % 1'000'000'000};
    futex(&epoch, FUTEX_WAIT_PRIVATE, e, &ts);
  }
  __atomic_fetch_sub(&__sprig_sleepers, 1, __ATOMIC_SEQ_CST);
  // Woken (or work already there) if the epoch moved; else the wait timed out.
  bool woken = epoch.load(std::memory_order_acquire) != e;
  if (woken)
    spread_after_wake();  // not next to the worker that woke us (spread.cpp)
  return woken;
}

void wake_all() {
  epoch.fetch_add(1, std::memory_order_release);
  if (__atomic_load_n(&__sprig_sleepers, __ATOMIC_SEQ_CST) != 0)
    futex(&epoch, FUTEX_WAKE_PRIVATE, INT_MAX, nullptr);
}

}  // namespace sprig

namespace sprig {
void wake_one() {
  note_waker_cpu();  // the woken worker should run elsewhere (spread.cpp)
  epoch.fetch_add(1, std::memory_order_release);
  futex(&epoch, FUTEX_WAKE_PRIVATE, 1, nullptr);
}
}  // namespace sprig

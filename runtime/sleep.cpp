//===- runtime/sleep.cpp - idle workers sleep, and wake when work appears -===//
//
// A worker that found nothing to steal for a while (config.h: the idle policy) sleeps
// on its own futex word (Worker::sleep_word) with a timeout. A waker claims one sleeping
// worker with a CAS (kAsleep -> kAiming), moves it off the waker's CPU when it is a pool
// worker that may run elsewhere (the kernel would otherwise queue it behind the waker,
// which goes on computing: milliseconds on a VM), then stores kWoken and futex-wakes
// that word: one sleeper woken, no thundering herd, and the woken one knows it was.
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
// (relaxed), re-checks every deque, then waits only while its word still says kAsleep
// (a waker that claimed it first makes the wait return at once). The pusher
// reads its bound relaxed before publishing its entry (release), with no fence (the
// spawn fast path stays fence-free), and an owner refreshing its bound at the same
// moment may overwrite the lowered value, so the Dekker pair is incomplete: a wake-up
// can be lost when the two race. That is bounded, not a hang: every wait times out after
// config::kSleepTimeoutNs (doubling with each timeout in a row, up to 8 times that) and
// the sleeper looks again. Idle cost: one short wake-up per timeout per worker (the
// idle-CPU test measures it).
//===----------------------------------------------------------------------===//
#include "sleep.h"
#include "config.h"
#include "global.h"
#include "spread.h"
#include "sprig/abi.h"
#include "worker.h"
#include <atomic>
#include <climits>
#include <ctime>
#include <linux/futex.h>
#include <sched.h>
#include <sys/syscall.h>
#include <unistd.h>

namespace sprig {

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

// The CPUs the process may use, as at its start (the pool workers inherit them); a woken
// pool worker that was aimed away from its waker's CPU gets them back.
static const cpu_set_t &process_cpus() {
  static const cpu_set_t mask = [] {
    cpu_set_t m;
    CPU_ZERO(&m);
    if (sched_getaffinity(0, sizeof m, &m) != 0)
      CPU_ZERO(&m);
    return m;
  }();
  return mask;
}

bool sleep_idle(Worker *w, unsigned naps) {
  // Our thread id, for a waker that aims us away from its CPU (a pool worker's thread
  // never changes; written before we announce the sleep, read by a waker after its CAS
  // on sleep_word, which reads our seq_cst store below).
  w->tid.store(static_cast<int>(syscall(SYS_gettid)), std::memory_order_relaxed);
  w->sleep_word.store(kAsleep, std::memory_order_seq_cst);
  __atomic_fetch_add(&__sprig_sleepers, 1, __ATOMIC_SEQ_CST);
  lower_push_bounds(w);
  if (!any_work(w)) {
    // Back off: each timeout in a row doubles the next wait, up to 2^kSleepBackoffSteps
    // times the first (a long idle stretch costs fewer wake-ups; a lost wake-up, the race
    // described above, then costs at most that long). A waker that changed the word
    // before we wait makes the wait return at once.
    long ns = config::kSleepTimeoutNs
              << (naps < config::kSleepBackoffSteps ? naps : config::kSleepBackoffSteps);
    timespec ts{ns / 1'000'000'000, ns % 1'000'000'000};
    futex(&w->sleep_word, FUTEX_WAIT_PRIVATE, kAsleep, &ts);
  }
  __atomic_fetch_sub(&__sprig_sleepers, 1, __ATOMIC_SEQ_CST);
  // Back to awake. A waker holding the word at kAiming is between its claim and its
  // wake (one system call): wait for it, so that we restore our CPUs after it moved us.
  uint32_t s = w->sleep_word.load(std::memory_order_acquire);
  for (;;) {
    if (s == kAiming) {
      sprig_cpu_relax();
      s = w->sleep_word.load(std::memory_order_acquire);
      continue;
    }
    // acq_rel: acquire pairs with the waker's release store of kWoken (its `aimed`).
    if (w->sleep_word.compare_exchange_weak(s, kAwake, std::memory_order_acq_rel,
                                            std::memory_order_acquire))
      break;
  }
  bool woken = s == kWoken;
  // A worker the waker aimed away from its CPU keeps that mask until it is idle again
  // (restore_cpus_after_aimed_wake, from the scheduler loop): the system call that puts
  // the mask back would sit between the wake-up and the steal it was woken for.
  if (woken && !w->aimed.load(std::memory_order_relaxed))
    spread_after_wake();  // not next to the worker that woke us (spread.cpp)
  return woken;
}

void restore_cpus_after_aimed_wake(Worker *w) {
  if (!w->aimed.load(std::memory_order_relaxed))
    return;
  w->aimed.store(false, std::memory_order_relaxed);
  const cpu_set_t &all = process_cpus();
  if (CPU_COUNT(&all) > 0)
    sched_setaffinity(0, sizeof all, &all);
}

// Claim `v` if it sleeps (kAsleep -> kAiming), move it off `waker_cpu` if it is a pool
// worker we may move, and wake it. True if we woke it.
static bool wake_worker(Worker *v, int waker_cpu, bool aim) {
  uint32_t expected = kAsleep;
  // acquire: we read its tid, stored before its seq_cst store of kAsleep.
  if (v->sleep_word.load(std::memory_order_relaxed) != kAsleep ||
      !v->sleep_word.compare_exchange_strong(expected, kAiming, std::memory_order_acquire))
    return false;
  bool aimed = false;
  if (aim && !v->is_root && waker_cpu >= 0) {
    // Linux puts a woken thread on its waker's CPU ("wake affine"), where it waits for
    // the waker, which goes on computing, to give the CPU up: 1.7 ms here against 26 us
    // when the waker blocks (docs/performance.md). Move the sleeper first.
    cpu_set_t away = process_cpus();
    if (CPU_ISSET(waker_cpu, &away) && CPU_COUNT(&away) >= 2) {
      CPU_CLR(waker_cpu, &away);
      aimed = sched_setaffinity(v->tid.load(std::memory_order_relaxed), sizeof away,
                                &away) == 0;
    }
  }
  v->aimed.store(aimed, std::memory_order_relaxed);
  v->sleep_word.store(kWoken, std::memory_order_release);  // pairs with the sleeper's CAS
  futex(&v->sleep_word, FUTEX_WAKE_PRIVATE, 1, nullptr);
  return true;
}

void wake_all() {
  if (__atomic_load_n(&__sprig_sleepers, __ATOMIC_SEQ_CST) == 0)
    return;
  const int n = victim_count();
  for (int i = 0; i < n; ++i)
    wake_worker(&g.workers[i], -1, false);
}

void wake_one() {
  // Aim the woken worker away from our CPU, unless SPRIG_BIND pins it. Also when workers
  // outnumber CPUs: the other CPUs may all be idle (their workers asleep), and a wake-up
  // left to the kernel queued the woken worker behind us (bench/wakeup at P=4 on 2
  // CPUs: a 3.8 ms median, against 48-63 us aimed).
  const bool aim = g.settings.bind == Bind::None;
  const int cpu = note_waker_cpu();  // also for a woken root's spread_after_wake
  const int n = victim_count();
  // Start at a rotating slot, so that wake-ups spread over the sleepers.
  static std::atomic<unsigned> next{0};
  const unsigned first = next.fetch_add(1, std::memory_order_relaxed);
  for (int k = 0; k < n; ++k)
    if (wake_worker(
            &g.workers[(first + static_cast<unsigned>(k)) % static_cast<unsigned>(n)], cpu,
            aim))
      return;
}
}  // namespace sprig

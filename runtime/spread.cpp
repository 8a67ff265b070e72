//===- runtime/spread.cpp - a woken worker leaves its waker's CPU ----------===//
//
// A worker that slept (runtime/sleep.cpp) is woken by a worker that has just pushed work
// (wake_one, from a push's slow path). Linux places a woken thread near its waker, often on
// the waker's own CPU ("wake affine"), and the two then share that CPU while another one
// idles, until the load balancer moves one of them: measured on the bench VM, 2 to 5 ms of
// a 2-CPU parallel loop (bench/pimbalance, 2026-12-02) ran at half speed that way, the
// thief's first steal came 2 ms late, and the victim stalled for 4 ms at a time.
// A new pool worker can likewise start on the CPU of the thread that created it.
//
// So the waker records its CPU (one vDSO call, on the wake-up path only), and the woken
// worker, if it finds itself on that CPU while the process may use another, asks the
// kernel to move it: it takes that CPU out of its affinity mask (the kernel migrates a
// running thread at once when its CPU leaves the mask), then puts the mask back as it
// was, so the balancer is free again from there on. Two system calls, only after a
// wake-up that landed on the waker's CPU. Not with more workers than CPUs, where workers
// share CPUs anyway, nor under SPRIG_BIND, where each pool worker has its CPU for good
// (topology.cpp). Failures (a seccomp filter, a cpuset that changed meanwhile) leave the
// thread where it is: this is placement, never correctness.
//
// Memory ordering: `waker_cpu` is a relaxed hint; a stale value costs one useless move
// or one missed one.
//===----------------------------------------------------------------------===//
#include "spread.h"
#include "global.h"
#include "trace.h"
#include <atomic>
#include <sched.h>

namespace sprig {

static std::atomic<int> waker_cpu{-1};

int note_waker_cpu() {
  int cpu = sched_getcpu();
  if (cpu >= 0)
    waker_cpu.store(cpu, std::memory_order_relaxed);
  return cpu;
}

void spread_after_wake() {
  int waker = waker_cpu.load(std::memory_order_relaxed);
  // Pinned workers (SPRIG_BIND) stay where they were put: moving them would fight it.
  if (waker < 0 || g.settings.nworkers > g.settings.cpus || g.settings.bind != Bind::None)
    return;
  int me = sched_getcpu();
  if (me != waker)
    return;
  cpu_set_t mask;
  if (sched_getaffinity(0, sizeof mask, &mask) != 0 || CPU_COUNT(&mask) < 2 ||
      !CPU_ISSET(me, &mask))
    return;
  cpu_set_t away = mask;
  CPU_CLR(me, &away);
  if (sched_setaffinity(0, sizeof away, &away) != 0)
    return;
  SPRIG_TRACE(kTraceSteal, "a woken worker left its waker's CPU %d for CPU %d", me,
              sched_getcpu());
  sched_setaffinity(0, sizeof mask, &mask);
}

}  // namespace sprig

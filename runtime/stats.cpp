//===- runtime/stats.cpp - SPRIG_STATS=1: a table per worker at exit ------===//
#include "stats.h"
#include "fiber.h"
#include "global.h"
#include "worker.h"
#include <cstdio>

namespace sprig {

void print_stats() {
  if (!g.started.load(std::memory_order_acquire)) {
    std::fprintf(stderr, "sprig stats: no spawn ran (no worker started)\n");
    return;
  }
  const int n = victim_count();  // pool workers and the root slots used
  uint64_t tot_fibers = 0, steals = 0, attempts = 0, susp = 0;
  uint64_t requests = 0, forced = 0, publishes = 0;
  uint64_t spawns = 0;
  std::fprintf(stderr,
               "sprig stats (%d workers, %d root slots used, %zu-byte fiber stacks)\n",
               g.settings.nworkers, n - g.settings.nworkers + 1, g.settings.stack_bytes);
  std::fprintf(stderr, "%6s %14s %10s %14s %10s %10s %10s %10s %10s\n", "worker", "spawns",
               "steals", "steal_tries", "requests", "forced", "publishes", "susp_syncs",
               "fibers");
  for (int i = 0; i < n; ++i) {
    const Worker &w = g.workers[i];
    const Stats &s = w.stats;
    uint64_t sp = __atomic_load_n(&w.abi.spawns, __ATOMIC_RELAXED);
    std::fprintf(
        stderr, "%6d %14llu %10llu %14llu %10llu %10llu %10llu %10llu %10llu\n", i,
        (unsigned long long)sp, (unsigned long long)s.steals.get(),
        (unsigned long long)s.steal_attempts.get(), (unsigned long long)s.requests.get(),
        (unsigned long long)s.forced_steals.get(), (unsigned long long)s.publishes.get(),
        (unsigned long long)s.suspended_syncs.get(),
        (unsigned long long)s.fibers_allocated.get());
    spawns += sp;
    steals += s.steals.get();
    attempts += s.steal_attempts.get();
    susp += s.suspended_syncs.get();
    requests += s.requests.get();
    forced += s.forced_steals.get();
    publishes += s.publishes.get();
    tot_fibers += s.fibers_allocated.get();
  }
  std::fprintf(stderr, "%6s %14llu %10llu %14llu %10llu %10llu %10llu %10llu %10llu\n",
               "total", (unsigned long long)spawns, (unsigned long long)steals,
               (unsigned long long)attempts, (unsigned long long)requests,
               (unsigned long long)forced, (unsigned long long)publishes,
               (unsigned long long)susp, (unsigned long long)tot_fibers);
  if (spawns == 0)
    std::fprintf(stderr, "(spawns are counted only in code built with sprig++ -mllvm "
                         "-sprig-count-spawns)\n");
  std::fprintf(stderr, "peak fibers in use: %llu\n",
               (unsigned long long)peak_fibers_in_use());
  std::fprintf(stderr, "peak stack bytes mapped: %llu (%llu fibers x %zu bytes)\n",
               (unsigned long long)(tot_fibers * g.settings.stack_bytes),
               (unsigned long long)tot_fibers, g.settings.stack_bytes);
}

}  // namespace sprig

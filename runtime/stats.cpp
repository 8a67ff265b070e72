//===- runtime/stats.cpp - SPRIG_STATS=1: a table per worker at exit ------===//
#include "global.h"
#include <cstdio>

namespace sprig {

void print_stats() {
  if (!g.started.load(std::memory_order_acquire)) {
    std::fprintf(stderr, "sprig stats: no spawn ran (no worker started)\n");
    return;
  }
  const int n = g.settings.nworkers;
  uint64_t tot_fibers = 0, tot_peak = 0;
  Stats sum;
  uint64_t spawns = 0;
  std::fprintf(stderr, "sprig stats (%d workers, %zu-byte fiber stacks)\n", n,
               g.settings.stack_bytes);
  std::fprintf(stderr, "%6s %14s %10s %14s %10s %10s %10s\n", "worker", "spawns", "steals",
               "steal_tries", "susp_syncs", "fibers", "peak_fib");
  for (int i = 0; i < n; ++i) {
    const Worker &w = g.workers[i];
    const Stats &s = w.stats;
    std::fprintf(stderr, "%6d %14llu %10llu %14llu %10llu %10llu %10llu\n", i,
                 (unsigned long long)w.abi.spawns, (unsigned long long)s.steals,
                 (unsigned long long)s.steal_attempts, (unsigned long long)s.suspended_syncs,
                 (unsigned long long)s.fibers_allocated,
                 (unsigned long long)s.peak_fibers_in_use);
    spawns += w.abi.spawns;
    sum.steals += s.steals;
    sum.steal_attempts += s.steal_attempts;
    sum.suspended_syncs += s.suspended_syncs;
    tot_fibers += s.fibers_allocated;
    tot_peak += s.peak_fibers_in_use;
  }
  std::fprintf(stderr, "%6s %14llu %10llu %14llu %10llu %10llu %10llu\n", "total",
               (unsigned long long)spawns, (unsigned long long)sum.steals,
               (unsigned long long)sum.steal_attempts, (unsigned long long)sum.suspended_syncs,
               (unsigned long long)tot_fibers, (unsigned long long)tot_peak);
  std::fprintf(stderr, "peak stack bytes mapped: %llu (%llu fibers x %zu bytes)\n",
               (unsigned long long)(tot_fibers * g.settings.stack_bytes),
               (unsigned long long)tot_fibers, g.settings.stack_bytes);
}

}  // namespace sprig

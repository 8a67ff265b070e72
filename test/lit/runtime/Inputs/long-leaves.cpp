// A spawn tree of depth 3 whose 8 leaves each run 50 ms without spawning
// (stats-long-leaves.test). At P >= 2 steals are certain: the other workers' requests go
// unanswered while a leaf runs, and the runtime forces a steal from a worker whose request
// is older than 50 us (runtime/config.h, kForceStealAfterNs). To be sure even on a
// machine so loaded that a thief gets no CPU in 400 ms, a leaf at P >= 2 also waits (at
// most 10 s) until leaves have run on two workers, which only a steal can bring about.
// Prints the leaf count, and whether leaves ran on more than one worker.
#include <atomic>
#include <chrono>
#include <cstdio>
#include <sprig/sprig.h>

static std::atomic<unsigned long> workers_seen{0};  // bit w: worker w ran a leaf

static bool two_workers_seen() {
  unsigned long m = workers_seen.load(std::memory_order_acquire);
  return m & (m - 1);
}

__attribute__((noinline)) long leaf() {
  int id = sprig::worker_id();
  workers_seen.fetch_or(1ul << (id & 63), std::memory_order_acq_rel);
  auto start = std::chrono::steady_clock::now();
  auto spin_until = start + std::chrono::milliseconds(50);
  auto give_up = start + std::chrono::seconds(10);
  for (;;) {
    auto now = std::chrono::steady_clock::now();
    if (now >= give_up ||
        (now >= spin_until && (sprig::nworkers() < 2 || two_workers_seen())))
      break;
    __builtin_ia32_pause();
  }
  return 1;
}

long tree(int depth) {
  if (depth == 0)
    return leaf();
  long a, b;
  [[sprig::spawn]] a = tree(depth - 1);
  b = tree(depth - 1);
  [[sprig::sync]];
  return a + b;
}

int main() {
  long n = tree(3);
  std::printf("leaves: %ld\n", n);
  std::printf("leaves ran on more than one worker: %s\n",
              two_workers_seen() ? "yes" : "no");
}

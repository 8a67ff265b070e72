// 10^6 tiny iterations through sprig::parallel_for (parallel-for-steals.test). The first
// iteration alone is long: it runs 50 ms and, with two workers or more, until an
// iteration has run on another worker (at most 10 s), so that at P >= 2 the loop is
// certainly split by a steal, however loaded the machine; the rest are tiny.
#include <atomic>
#include <chrono>
#include <cstdio>
#include <sprig/parallel_for.h>
#include <sprig/sprig.h>
int main() {
  std::atomic<long> sum{0};
  std::atomic<bool> elsewhere{false};  // an iteration ran on another worker than i = 0
  std::atomic<int> first_worker{-1};
  sprig::parallel_for(0L, 1000000L, [&](long i) {
    if (i == 0) {
      first_worker.store(sprig::worker_id());
      auto start = std::chrono::steady_clock::now();
      for (;;) {
        auto now = std::chrono::steady_clock::now();
        if (now - start >= std::chrono::seconds(10) ||
            (now - start >= std::chrono::milliseconds(50) &&
             (sprig::nworkers() < 2 || elsewhere.load())))
          break;
        __builtin_ia32_pause();
      }
    } else if (!elsewhere.load(std::memory_order_relaxed)) {
      int f = first_worker.load();
      if (f >= 0 && sprig::worker_id() != f)
        elsewhere.store(true);
    }
    sum.fetch_add(i, std::memory_order_relaxed);
  });
  std::printf("sum %ld\n", sum.load());
  std::printf("iterations ran on more than one worker: %s\n",
              elsewhere.load() ? "yes" : "no");
}

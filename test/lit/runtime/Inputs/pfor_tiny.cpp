// 10^6 tiny iterations through sprig::parallel_for (parallel-for-steals.test).
#include <atomic>
#include <cstdio>
#include <sprig/parallel_for.h>
int main() {
  std::atomic<long> sum{0};
  sprig::parallel_for(0L, 1000000L,
                      [&](long i) { sum.fetch_add(i, std::memory_order_relaxed); });
  std::printf("sum %ld\n", sum.load());
}

// Atomics and locks are not races: children that add to an atomic, or to a counter under
// a std::mutex (or a std::shared_mutex held exclusively), are not reported; the same
// counter without the lock is, once.
// RUN: %sprigxx --race -O1 %s -o %t
// RUN: %t 0 2> %t.0.err
// RUN: FileCheck --allow-empty --check-prefix=CLEAN %s < %t.0.err
// RUN: %expect_exit 66 %t 1 2> %t.1.err
// RUN: FileCheck --check-prefix=RACE %s < %t.1.err
// CLEAN-NOT: sprig race
// RACE: write at {{.*}}unguarded{{.*}} at {{.*}}locks-and-atomics.cpp:[[@LINE+22]]:
// RACE: sprig race: 1 distinct race{{$}}
#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <mutex>
#include <shared_mutex>

static std::atomic<long> atomic_total{0};
static long guarded_total = 0, shared_total = 0, bare_total = 0;
static std::mutex m;
static std::shared_mutex sm;

__attribute__((noinline)) void guarded(long v) {
  atomic_total += v;
  {
    std::lock_guard<std::mutex> g(m);
    guarded_total += v;
  }
  std::unique_lock<std::shared_mutex> g(sm);
  shared_total += v;
}
__attribute__((noinline)) void unguarded(long v) { bare_total += v; }

int main(int argc, char **argv) {
  bool racy = argc > 1 && std::atoi(argv[1]) == 1;
  for (int i = 0; i < 10; ++i) {
    [[sprig::spawn]] guarded(i);
    if (racy)
      [[sprig::spawn]] unguarded(i);
  }
  [[sprig::sync]];
  std::printf("%ld %ld %ld %ld\n", atomic_total.load(), guarded_total, shared_total, bare_total);
}

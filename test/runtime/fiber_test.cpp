// Fibers (runtime/fiber.h): the stacks stolen continuations run on. Pools reuse them
// (a worker's own pool first, then the global pool, then a fresh mapping), each has a
// PROT_NONE guard page below it, and a fault there is reported as a stack overflow.
// These tests drive fiber_get/fiber_put through Worker records of their own; the
// settings (stack size, page size) come from the runtime's process-start constructor
// (g.settings, runtime/global.h), which runs in this process too since it links libsprig.
#include "config.h"
#include "fiber.h"
#include "global.h"
#include "overflow.h"
#include "worker.h"
#include <csignal>
#include <cstdint>
#include <gtest/gtest.h>
#include <set>
#include <vector>

namespace {

using sprig::Fiber;
using sprig::Worker;

std::size_t page() { return sprig::g.page_bytes; }
std::size_t stack_bytes() {
  return (sprig::g.settings.stack_bytes + page() - 1) & ~(page() - 1);
}

// The settings are the environment's or the defaults, parsed before main.
TEST(Fiber, SettingsAreInitialised) {
  EXPECT_GE(sprig::g.settings.stack_bytes, sprig::config::kMinStackBytes);
  EXPECT_LE(sprig::g.settings.stack_bytes, sprig::config::kMaxStackBytes);
  EXPECT_GE(page(), 4096u);
  EXPECT_EQ(page() & (page() - 1), 0u);
}

// A fiber spans SPRIG_STACKSIZE bytes (rounded to pages) above its guard pages, and a
// continuation starts 16-byte aligned near its top, with kFiberTopReserve bytes free.
TEST(Fiber, Geometry) {
  Worker w;
  Fiber *f = sprig::fiber_get(&w);
  ASSERT_NE(f, nullptr);
  EXPECT_FALSE(f->native);
  EXPECT_EQ(static_cast<std::size_t>(f->hi - f->lo), stack_bytes());
  const std::size_t guard = (sprig::config::kGuardBytes + page() - 1) & ~(page() - 1);
  EXPECT_GE(guard, std::size_t(64) << 10);  // larger than any frame of probe-less code
  EXPECT_EQ(f->lo, f->map + guard);
  EXPECT_EQ(f->map_bytes, stack_bytes() + guard);
  auto sp = reinterpret_cast<std::uintptr_t>(f->start_sp());
  EXPECT_EQ(sp % 16, 0u);
  EXPECT_TRUE(f->contains(f->start_sp()));
  EXPECT_GE(reinterpret_cast<std::uintptr_t>(f->hi) - sp, sprig::config::kFiberTopReserve);
  EXPECT_LT(reinterpret_cast<std::uintptr_t>(f->hi) - sp,
            sprig::config::kFiberTopReserve + 16);
  // The whole stack is writable, bottom to top.
  f->lo[0] = 1;
  f->hi[-1] = 1;
  sprig::fiber_put(&w, f);
}

// A fiber given back is the next one handed out: the pool reuses stacks instead of mapping
// new ones (the space bound of SPRIG_STATS depends on it).
TEST(Fiber, PoolReusesFibers) {
  Worker w;
  Fiber *f = sprig::fiber_get(&w);
  uint64_t mapped = w.stats.fibers_allocated.get();
  const uint64_t base = sprig::fibers_in_use() - 1;
  sprig::fiber_put(&w, f);
  EXPECT_EQ(w.pool_size, 1);
  for (int i = 0; i < 1000; ++i) {
    Fiber *g = sprig::fiber_get(&w);
    ASSERT_EQ(g, f);
    sprig::fiber_put(&w, g);
  }
  EXPECT_EQ(w.stats.fibers_allocated.get(), mapped);  // nothing new was mapped
  EXPECT_EQ(sprig::fibers_in_use(), base);
}

// A worker keeps at most kLocalFiberPool fibers; the rest go to the global pool, where
// another worker finds them (last in, first out) before mapping new ones.
TEST(Fiber, OverflowGoesToTheGlobalPool) {
  constexpr int kLocal = sprig::config::kLocalFiberPool;
  Worker a, b;
  std::vector<Fiber *> fs;
  const uint64_t base = sprig::fibers_in_use();
  for (int i = 0; i < kLocal + 2; ++i)
    fs.push_back(sprig::fiber_get(&a));
  EXPECT_EQ(sprig::fibers_in_use(), base + kLocal + 2);
  EXPECT_GE(sprig::peak_fibers_in_use(), base + kLocal + 2);
  for (Fiber *f : fs)
    sprig::fiber_put(&a, f);
  EXPECT_EQ(a.pool_size, kLocal);
  // The last two given back went to the global pool.
  std::set<Fiber *> global{fs[kLocal], fs[kLocal + 1]};
  Fiber *g1 = sprig::fiber_get(&b);
  Fiber *g2 = sprig::fiber_get(&b);
  EXPECT_TRUE(global.count(g1)) << "b did not get a fiber from the global pool";
  EXPECT_TRUE(global.count(g2)) << "b did not get a fiber from the global pool";
  EXPECT_NE(g1, g2);
  EXPECT_EQ(b.stats.fibers_allocated.get(), 0u);  // none mapped
  sprig::fiber_put(&b, g1);
  sprig::fiber_put(&b, g2);
  // a's own pool is served first, LIFO.
  EXPECT_EQ(sprig::fiber_get(&a), fs[kLocal - 1]);
}

// Native stacks (an application thread's own) are described by a Fiber record too, and
// are never pooled or freed.
TEST(Fiber, NativeStackIsNeverPooled) {
  Worker w;
  sprig::fiber_init_native(&w.native);
  EXPECT_TRUE(w.native.native);
  // The frame address, not a local's: under ASan a local may live on its fake stack.
  EXPECT_TRUE(w.native.contains(__builtin_frame_address(0)));
  sprig::fiber_put(&w, &w.native);
  EXPECT_EQ(w.pool_size, 0);
  EXPECT_EQ(w.pool, nullptr);
}

// The overflow handler's lookup: an address in a fiber's guard pages is recognised (with
// that fiber's stack size), one in its stack or elsewhere is not.
TEST(Fiber, GuardHitLookup) {
  Worker w;
  Fiber *f = sprig::fiber_get(&w);
  std::size_t bytes = 0;
  EXPECT_TRUE(sprig::fiber_guard_hit(f->lo - 1, &bytes));
  EXPECT_EQ(bytes, static_cast<std::size_t>(f->hi - f->lo));
  EXPECT_TRUE(sprig::fiber_guard_hit(f->map, &bytes));
  EXPECT_FALSE(sprig::fiber_guard_hit(f->lo, &bytes));
  EXPECT_FALSE(sprig::fiber_guard_hit(f->hi - 1, &bytes));
  int local = 0;
  EXPECT_FALSE(sprig::fiber_guard_hit(&local, &bytes));
  sprig::fiber_put(&w, f);
}

// The guard page is really inaccessible: a write just below a fiber's stack faults, and
// with the runtime's handler installed it is reported as a stack overflow (status 134).
TEST(FiberDeathTest, GuardPageFaultIsReportedAsOverflow) {
  GTEST_FLAG_SET(death_test_style, "threadsafe");
  Worker w;
  Fiber *f = sprig::fiber_get(&w);
  volatile char *below = f->lo - 1;
  EXPECT_EXIT(
      {
        sprig::install_overflow_handler_for_thread();
        *below = 1;
      },
      testing::ExitedWithCode(134),
      "sprig: stack overflow on worker 0 \\(fiber stacks are");
  // Without the handler it is a plain SIGSEGV.
  EXPECT_EXIT(*below = 1, testing::KilledBySignal(SIGSEGV), "");
  sprig::fiber_put(&w, f);
}

// A fault that is not in a guard page is not reported as a stack overflow: the handler
// passes it on, and the process dies of SIGSEGV as it would without Sprig.
TEST(FiberDeathTest, OtherFaultsStaySegfaults) {
  GTEST_FLAG_SET(death_test_style, "threadsafe");
  EXPECT_EXIT(
      {
        sprig::install_overflow_handler_for_thread();
        *reinterpret_cast<volatile char *>(16) = 1;
      },
      testing::KilledBySignal(SIGSEGV), "");
}

// Fibers migrate between workers: the worker that gives a fiber back is often not the one
// that took it (a stolen frame's stack is freed by whoever finishes on it). The per-worker
// peak of fibers in use must still be a number of fibers, bounded by the fibers that exist.
// (SPRIG_STATS prints it as peak_fib.)
TEST(Fiber, PeakInUseSurvivesMigration) {
  Worker a, b;
  const uint64_t base = sprig::fibers_in_use();
  Fiber *f1 = sprig::fiber_get(&a);
  Fiber *f2 = sprig::fiber_get(&a);
  // b frees the two fibers a took (as when b finishes on stacks a allocated) ...
  sprig::fiber_put(&b, f1);
  sprig::fiber_put(&b, f2);
  // ... and takes one back.
  Fiber *f3 = sprig::fiber_get(&b);
  // In-use and peak are process-wide: a fiber taken by one worker and given back by
  // another must neither wrap a per-worker count nor inflate the peak.
  EXPECT_EQ(sprig::fibers_in_use(), base + 1);
  EXPECT_GE(sprig::peak_fibers_in_use(), base + 2);
  EXPECT_LT(sprig::peak_fibers_in_use(), base + 1000);
  sprig::fiber_put(&b, f3);
  EXPECT_EQ(sprig::fibers_in_use(), base);
}

}  // namespace

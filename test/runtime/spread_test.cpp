// runtime/spread.cpp: a worker woken on its waker's CPU asks the kernel to move it
// elsewhere, and leaves its affinity mask as it found it. The test thread plays both
// parts: it records its CPU as the waker's, then runs the woken worker's check. If the
// kernel happened to move the thread between the two calls there was nothing to do,
// so the check is retried until the two calls saw the same CPU.
#include "global.h"
#include "spread.h"
#include <gtest/gtest.h>
#include <sched.h>

namespace {

bool sameMask(const cpu_set_t &a, const cpu_set_t &b) { return CPU_EQUAL(&a, &b); }

TEST(Spread, WokenWorkerLeavesTheWakersCpu) {
  cpu_set_t mask;
  ASSERT_EQ(sched_getaffinity(0, sizeof mask, &mask), 0);
  if (CPU_COUNT(&mask) < 2 || sprig::g.settings.nworkers > sprig::g.settings.cpus)
    GTEST_SKIP() << "needs two CPUs and no more workers than CPUs";
  bool checked = false;
  for (int attempt = 0; attempt < 100 && !checked; ++attempt) {
    int waker = sprig::note_waker_cpu();
    ASSERT_GE(waker, 0);
    sprig::spread_after_wake();
    int now = sched_getcpu();
    cpu_set_t after;
    ASSERT_EQ(sched_getaffinity(0, sizeof after, &after), 0);
    EXPECT_TRUE(sameMask(mask, after)) << "the affinity mask was not put back";
    if (now != waker)
      checked = true;  // moved off (or was moved by the kernel in between: retry is moot)
  }
  EXPECT_TRUE(checked) << "the thread stayed on the waker's CPU in 100 tries";
}

// With more workers than CPUs, workers share CPUs anyway: no move.
TEST(Spread, OversubscribedStaysPut) {
  cpu_set_t mask;
  ASSERT_EQ(sched_getaffinity(0, sizeof mask, &mask), 0);
  int saved = sprig::g.settings.nworkers;
  sprig::g.settings.nworkers = sprig::g.settings.cpus + 1;
  int stayed = 0;
  for (int attempt = 0; attempt < 20; ++attempt) {
    int waker = sprig::note_waker_cpu();
    sprig::spread_after_wake();
    stayed += sched_getcpu() == waker;
  }
  sprig::g.settings.nworkers = saved;
  cpu_set_t after;
  ASSERT_EQ(sched_getaffinity(0, sizeof after, &after), 0);
  EXPECT_TRUE(sameMask(mask, after));
  EXPECT_GE(stayed, 15) << "the thread moved although workers outnumber CPUs";
}

}  // namespace

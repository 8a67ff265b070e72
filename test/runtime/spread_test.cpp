// runtime/spread.cpp: a worker woken on its waker's CPU asks the kernel to move it
// elsewhere, and leaves its affinity mask as it found it. The test thread plays both
// parts: it records its CPU as the waker's, then runs the woken worker's check. If the
// kernel happened to move the thread between the two calls there was nothing to do,
// so the check is retried until the two calls saw the same CPU.
#include "global.h"
#include "sleep.h"
#include "spread.h"
#include "worker.h"
#include <gtest/gtest.h>
#include <sched.h>
#include <thread>

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

// runtime/sleep.cpp: a pool worker woken by wake_one is aimed away from its waker's CPU
// (the waker takes its own CPU out of the sleeper's mask before the futex wake), keeps
// that mask through the steal it was woken for, and gets every CPU back once idle.
// Two workers of our own stand in for the pool: slot 1 sleeps on a thread of this test,
// this thread wakes it.
TEST(Spread, AimedWakeLeavesTheWakersCpuUntilIdle) {
  cpu_set_t mask;
  ASSERT_EQ(sched_getaffinity(0, sizeof mask, &mask), 0);
  if (CPU_COUNT(&mask) < 2 || sprig::g.settings.bind != sprig::Bind::None)
    GTEST_SKIP() << "needs two CPUs and SPRIG_BIND unset";
  auto *ws = new sprig::Worker[2];
  ws[1].id = 1;
  sprig::Worker *saved_workers = sprig::g.workers;
  const int saved_victims = sprig::g.nvictims.load();
  sprig::g.workers = ws;
  sprig::g.nvictims.store(2);
  std::atomic<bool> woken{false};
  int while_woken = -1, after_idle = -1;
  bool aimed_flag_cleared = false;
  std::thread sleeper([&] {
    // A timeout (the wake came late) returns false: sleep again.
    for (int i = 0; i < 100 && !woken.load(); ++i)
      woken.store(sprig::sleep_idle(&ws[1], 0));
    cpu_set_t m;
    sched_getaffinity(0, sizeof m, &m);
    while_woken = CPU_COUNT(&m);
    sprig::restore_cpus_after_aimed_wake(&ws[1]);
    sched_getaffinity(0, sizeof m, &m);
    after_idle = CPU_COUNT(&m);
    aimed_flag_cleared = !ws[1].aimed.load();
  });
  while (!woken.load()) {
    if (ws[1].sleep_word.load() == sprig::kAsleep)
      sprig::wake_one();
    std::this_thread::yield();
  }
  sleeper.join();
  sprig::g.workers = saved_workers;
  sprig::g.nvictims.store(saved_victims);
  delete[] ws;
  EXPECT_EQ(while_woken, CPU_COUNT(&mask) - 1) << "the woken worker was not aimed away";
  EXPECT_EQ(after_idle, CPU_COUNT(&mask)) << "its CPUs were not put back once idle";
  EXPECT_TRUE(aimed_flag_cleared);
}

}  // namespace

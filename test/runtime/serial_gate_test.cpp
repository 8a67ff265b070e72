// The serial gate (runtime/root.cpp, sprig/abi.h): up exactly while root computations,
// bound or serial, fill the pool, and down again once they have left, whatever the
// interleaving of the threads that enter and leave.
#include "global.h"
#include "sprig/abi.h"
#include <atomic>
#include <gtest/gtest.h>
#include <thread>
#include <vector>

using namespace sprig;

namespace {
int gate() { return __atomic_load_n(&__sprig_serial_gate, __ATOMIC_SEQ_CST); }
}  // namespace

// P threads inside serial roots fill a pool of P workers; one fewer does not.
TEST(SerialGate, UpWhileSerialRootsFillThePool) {
  ASSERT_EQ(g.bound_roots.load(), 0);
  const int p = g.settings.nworkers;
  ASSERT_EQ(gate(), 0);
  std::atomic<int> inside{0};
  std::atomic<bool> release{false};
  std::vector<std::thread> th;
  for (int t = 0; t < p; ++t) {
    th.emplace_back([&] {
      __sprig_serial_root_enter();
      inside++;
      while (!release.load())
        std::this_thread::yield();
      __sprig_serial_root_leave();
    });
    while (inside.load() < t + 1)
      std::this_thread::yield();
    EXPECT_EQ(gate(), t + 1 >= p ? 1 : 0) << "after " << t + 1 << " of " << p;
  }
  release = true;
  for (auto &x : th)
    x.join();
  EXPECT_EQ(gate(), 0);
  EXPECT_EQ(g.serial_roots.load(), 0);
}

// Nested entries on one thread count once.
TEST(SerialGate, NestedEntriesCountOnce) {
  __sprig_serial_root_enter();
  __sprig_serial_root_enter();
  EXPECT_EQ(g.serial_roots.load(), 1);
  __sprig_serial_root_leave();
  EXPECT_EQ(g.serial_roots.load(), 1);
  __sprig_serial_root_leave();
  EXPECT_EQ(g.serial_roots.load(), 0);
}

// Many threads entering and leaving at once: when all are out, the gate is down (a
// refresher that stored a stale value must have corrected it).
TEST(SerialGate, ConcurrentRefreshesSettle) {
  std::vector<std::thread> th;
  for (int t = 0; t < 8; ++t)
    th.emplace_back([] {
      for (int i = 0; i < 20000; ++i) {
        __sprig_serial_root_enter();
        __sprig_serial_root_leave();
      }
    });
  for (auto &x : th)
    x.join();
  EXPECT_EQ(g.serial_roots.load(), 0);
  EXPECT_EQ(gate(), 0);
}

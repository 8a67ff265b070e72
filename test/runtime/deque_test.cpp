// Chase-Lev deque: owner push/pop (sprig/abi.h) against thieves (runtime/deque.h).
#include "deque.h"
#include "global.h"
#include <gtest/gtest.h>
#include <atomic>
#include <thread>
#include <vector>

namespace {

struct TestDeque {
  sprig::Worker w;
  std::vector<sprig_frame *> ring;
  explicit TestDeque(std::size_t depth) : ring(depth) {
    w.abi.top = 0;
    w.abi.bottom = 0;
    w.abi.buf = ring.data();
    w.abi.mask = static_cast<int64_t>(depth - 1);
  }
  sprig_worker *abi() { return sprig::as_abi(&w); }
};

TEST(Deque, OwnerIsLifo) {
  TestDeque d(16);
  sprig_frame f[3];
  for (auto &x : f)
    sprig_deque_push(d.abi(), &x);
  EXPECT_EQ(d.w.abi.bottom, 3);
  EXPECT_EQ(sprig_deque_pop(d.abi()), 1);
  EXPECT_EQ(d.w.abi.bottom, 2);
  sprig::StealResult r = sprig::deque_steal(&d.w);
  ASSERT_EQ(r.status, sprig::Steal::Won);
  EXPECT_EQ(r.frame, &f[0]);  // thieves take the oldest
  EXPECT_EQ(sprig_deque_pop(d.abi()), 1);
  EXPECT_EQ(sprig_deque_pop(d.abi()), 0);  // empty: the last one was stolen
  EXPECT_EQ(sprig::deque_steal(&d.w).status, sprig::Steal::Empty);
}

}  // namespace

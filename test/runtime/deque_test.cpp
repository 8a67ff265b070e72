// Chase-Lev deque (sprig/deque.h): owner push/pop against thieves.
#include "global.h"
#include <atomic>
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <gtest/gtest.h>
#include <memory>
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
    w.abi.limit = w.abi.mask;
  }
  sprig_worker *abi() { return sprig::as_abi(&w); }
};

// One steal from a worker's deque, as the scheduler loop makes it.
struct Stolen {
  sprig_steal_status status;
  sprig_frame *frame;
};
Stolen steal(sprig::Worker *w) {
  Stolen r{SPRIG_STEAL_EMPTY, nullptr};
  r.status = sprig_deque_steal(&w->abi, &r.frame);
  return r;
}

TEST(Deque, OwnerIsLifo) {
  TestDeque d(16);
  sprig_frame f[3];
  for (auto &x : f)
    sprig_deque_push(d.abi(), &x);
  EXPECT_EQ(d.w.abi.bottom, 3);
  EXPECT_EQ(sprig_deque_pop(d.abi()), 1);
  EXPECT_EQ(d.w.abi.bottom, 2);
  Stolen r = steal(&d.w);
  ASSERT_EQ(r.status, SPRIG_STEAL_WON);
  EXPECT_EQ(r.frame, &f[0]);  // thieves take the oldest
  EXPECT_EQ(sprig_deque_pop(d.abi()), 1);
  EXPECT_EQ(sprig_deque_pop(d.abi()), 0);  // empty: the last one was stolen
  EXPECT_EQ(steal(&d.w).status, SPRIG_STEAL_EMPTY);
}

// Items in the stress tests are numbers disguised as frame pointers: the deque never
// dereferences its entries, so any distinct non-null value will do.
sprig_frame *encode(int64_t id) { return reinterpret_cast<sprig_frame *>((id + 1) << 4); }
int64_t decode(sprig_frame *f) {
  return static_cast<int64_t>(reinterpret_cast<uintptr_t>(f) >> 4) - 1;
}

// Thieves take the oldest entries in order; the owner pops the newest; when the deque is
// empty a pop fails and leaves top == bottom. Indices run far past the ring's size
// (4 entries), so the ring wraps around many times.
TEST(Deque, WrapsAroundTheRing) {
  TestDeque d(4);
  int64_t next = 0, expect_steal = 0;
  for (int round = 0; round < 1000; ++round) {
    for (int k = 0; k < 4; ++k)
      sprig_deque_push(d.abi(), encode(next++));
    // Two steals take the two oldest, in order.
    for (int k = 0; k < 2; ++k) {
      Stolen r = steal(&d.w);
      ASSERT_EQ(r.status, SPRIG_STEAL_WON);
      ASSERT_EQ(decode(r.frame), expect_steal + k);
    }
    // Two pops return the two newest; the third finds the deque empty.
    ASSERT_EQ(sprig_deque_pop(d.abi()), 1);
    ASSERT_EQ(sprig_deque_pop(d.abi()), 1);
    ASSERT_EQ(sprig_deque_pop(d.abi()), 0);
    ASSERT_EQ(d.w.abi.top, d.w.abi.bottom);
    ASSERT_EQ(steal(&d.w).status, SPRIG_STEAL_EMPTY);
    expect_steal = next;
  }
  // Indices grow without bound while the slots wrap: 3 per round (4 pushes, 2 steals, and
  // the owner's pop of the last entry, which wins it by advancing top).
  EXPECT_EQ(d.w.abi.top, 3000);
  EXPECT_EQ(d.w.abi.bottom, 3000);
}

// One entry left: whoever takes it, the other side must see it gone. The owner's pop after
// a successful steal fails, and leaves the deque consistent (top == bottom) for reuse.
TEST(Deque, LastEntryGoesToExactlyOne) {
  TestDeque d(8);
  sprig_frame f;
  sprig_deque_push(d.abi(), &f);
  Stolen r = steal(&d.w);
  ASSERT_EQ(r.status, SPRIG_STEAL_WON);
  EXPECT_EQ(r.frame, &f);
  EXPECT_EQ(sprig_deque_pop(d.abi()), 0);
  EXPECT_EQ(d.w.abi.top, d.w.abi.bottom);
  // And the other way round: the owner pops it, a thief finds nothing.
  sprig_deque_push(d.abi(), &f);
  EXPECT_EQ(sprig_deque_pop(d.abi()), 1);
  EXPECT_EQ(steal(&d.w).status, SPRIG_STEAL_EMPTY);
}

// A push into a full ring is a clear fatal error (it would overwrite the oldest entry).
TEST(DequeDeathTest, OverflowIsFatal) {
  GTEST_FLAG_SET(death_test_style, "threadsafe");
  TestDeque d(4);
  sprig_frame f[5];
  for (int k = 0; k < 4; ++k)
    sprig_deque_push(d.abi(), &f[k]);
  EXPECT_DEATH(sprig_deque_push(d.abi(), &f[4]),
               "sprig: spawn nesting deeper than the deque of worker 0 \\(4 entries\\); "
               "raise SPRIG_DEQUE_DEPTH");
}

// The push checks bottom against an owner-private bound (limit = mask + a top read
// earlier), never the thieves' top: after steals free slots, the first push past the
// stale bound reads top again and goes on; a push into a really full ring still dies.
TEST(DequeDeathTest, LimitFollowsSteals) {
  GTEST_FLAG_SET(death_test_style, "threadsafe");
  TestDeque d(4);
  sprig_frame f[7];
  for (int k = 0; k < 4; ++k)
    sprig_deque_push(d.abi(), &f[k]);
  EXPECT_EQ(d.w.abi.limit, 3);
  for (int k = 0; k < 2; ++k)
    ASSERT_EQ(steal(&d.w).status, SPRIG_STEAL_WON);
  sprig_deque_push(d.abi(), &f[4]);  // past the stale bound: refreshed from top = 2
  sprig_deque_push(d.abi(), &f[5]);
  EXPECT_EQ(d.w.abi.limit, 5);
  EXPECT_EQ(d.w.abi.bottom, 6);
  EXPECT_DEATH(sprig_deque_push(d.abi(), &f[6]),
               "sprig: spawn nesting deeper than the deque of worker 0 \\(4 entries\\)");
}

// The thief's pre-check before paying for a steal's fence (sprig_deque_worth_stealing): an
// empty deque no; two entries yes; a lone entry that stays put yes. A lone entry that
// the owner popped and pushed again meanwhile (a loop spawning tiny tasks: the same
// frame, over and over) must not look unchanged: popping the last entry advances top,
// so the new push lands at a new index (no ABA).
TEST(Deque, WorthStealing) {
  TestDeque d(16);
  sprig_frame f[2];
  EXPECT_FALSE(sprig_deque_worth_stealing(&d.w.abi, sprig::config::kLoneEntryPauses));
  sprig_deque_push(d.abi(), &f[0]);
  EXPECT_TRUE(sprig_deque_worth_stealing(
      &d.w.abi, sprig::config::kLoneEntryPauses));  // lone, and nobody touches it
  sprig_deque_push(d.abi(), &f[1]);
  EXPECT_TRUE(sprig_deque_worth_stealing(
      &d.w.abi, sprig::config::kLoneEntryPauses));  // two: the oldest is safe to take
  ASSERT_EQ(sprig_deque_pop(d.abi()), 1);

  // One entry (f[0]). A snapshot, then the owner's churn between two looks.
  sprig_deque_snapshot s = sprig_deque_snap(&d.w.abi);
  EXPECT_TRUE(sprig_deque_unchanged(&d.w.abi, s));
  ASSERT_EQ(sprig_deque_pop(d.abi()), 1);  // the last entry: top advances
  sprig_deque_push(d.abi(), &f[0]);        // the same frame again
  EXPECT_EQ(d.w.abi.bottom - d.w.abi.top, 1);
  EXPECT_FALSE(sprig_deque_unchanged(&d.w.abi, s)) << "a re-pushed entry looked unchanged";
  // A steal in between changes it too.
  s = sprig_deque_snap(&d.w.abi);
  sprig_deque_push(d.abi(), &f[1]);
  ASSERT_EQ(steal(&d.w).status, SPRIG_STEAL_WON);
  EXPECT_FALSE(sprig_deque_unchanged(&d.w.abi, s));
}

// The thief's look (sprig_deque_look): empty, worth a steal (two entries, or a lone entry
// that stayed put), or churning (a lone entry the owner popped and pushed again during
// the window, as a loop of tiny spawns does): the scheduler backs off from the last
// (runtime/scheduler.cpp, config::kChurnBackoffPauses).
TEST(Deque, LookTellsChurnFromEmptyAndWorth) {
  TestDeque d(16);
  sprig_frame f[2];
  EXPECT_EQ(sprig_deque_look(&d.w.abi, 0), SPRIG_LOOK_EMPTY);
  sprig_deque_push(d.abi(), &f[0]);
  EXPECT_EQ(sprig_deque_look(&d.w.abi, 0), SPRIG_LOOK_WORTH);  // lone and still
  sprig_deque_push(d.abi(), &f[1]);
  EXPECT_EQ(sprig_deque_look(&d.w.abi, 0), SPRIG_LOOK_WORTH);  // two
  ASSERT_EQ(sprig_deque_pop(d.abi()), 1);
  // The window of a look, with the owner's churn inside it: the snapshot is from before.
  sprig_deque_snapshot s = sprig_deque_snap(&d.w.abi);
  ASSERT_EQ(sprig_deque_pop(d.abi()), 1);
  sprig_deque_push(d.abi(), &f[0]);
  EXPECT_EQ(sprig_deque_look_at(&d.w.abi, s, 0), SPRIG_LOOK_CHURNING);
  EXPECT_EQ(sprig_deque_look(&d.w.abi, 0), SPRIG_LOOK_WORTH);  // still again: worth it
}

// Stress: one owner pushing and popping (the inline fast paths of sprig/abi.h) against
// three thieves stealing (sprig_deque_steal), about 10^7 operations in all on a 64-entry
// ring. Every item pushed must be taken exactly once: by the owner's successful pop or by
// one thief's won steal. A lost item, an item taken twice, or a garbage entry fails.
TEST(Deque, StressOneOwnerThreeThieves) {
  constexpr int64_t kDepth = 64;
  constexpr int64_t kItems = 4'000'000;  // pushes; + as many takes + the steal attempts
  constexpr int kThieves = 3;
  TestDeque d(kDepth);
  std::unique_ptr<std::atomic<uint8_t>[]> taken(new std::atomic<uint8_t>[kItems]);
  for (int64_t i = 0; i < kItems; ++i)
    taken[i].store(0, std::memory_order_relaxed);
  std::atomic<bool> done{false};
  std::atomic<int64_t> garbage{0};
  int64_t steals[kThieves] = {};
  int64_t steal_tries[kThieves] = {};

  std::vector<std::thread> thieves;
  for (int t = 0; t < kThieves; ++t) {
    thieves.emplace_back([&, t] {
      int64_t n = 0, tries = 0;
      unsigned idle = 0;
      // Keep stealing until the owner is done and the deque is empty.
      for (;;) {
        if (sprig_deque_looks_empty(&d.w.abi)) {
          if (done.load(std::memory_order_acquire) && sprig_deque_looks_empty(&d.w.abi))
            break;
          if (++idle % 64 == 0)
            std::this_thread::yield();  // 2 cores, 4 threads: let the owner run
          else
            __builtin_ia32_pause();
          continue;
        }
        ++tries;
        Stolen r = steal(&d.w);
        if (r.status != SPRIG_STEAL_WON)
          continue;
        int64_t id = decode(r.frame);
        if (id < 0 || id >= kItems) {
          garbage.fetch_add(1, std::memory_order_relaxed);
          continue;
        }
        taken[id].fetch_add(1, std::memory_order_relaxed);
        ++n;
      }
      steals[t] = n;
      steal_tries[t] = tries;
    });
  }

  // The owner: bursts of pushes and pops of random lengths, often of length 1 so that the
  // deque is often down to its last entry (the owner-thief race on top).
  std::vector<int64_t> shadow(kDepth);  // id pushed at each slot, as the owner knows it
  int64_t next = 0, pops = 0, failed_pops = 0, inconsistent = 0;
  uint64_t rng = 0x9E3779B97F4A7C15ull;
  auto next_rand = [&rng] {
    rng ^= rng << 13;
    rng ^= rng >> 7;
    rng ^= rng << 17;
    return rng;
  };
  auto pop_one = [&]() -> bool {
    int64_t b = d.w.abi.bottom;
    if (!sprig_deque_pop(d.abi())) {
      ++failed_pops;
      // A failed pop means a thief took everything: the deque is empty and consistent.
      if (__atomic_load_n(&d.w.abi.top, __ATOMIC_RELAXED) != d.w.abi.bottom)
        ++inconsistent;
      return false;
    }
    taken[shadow[(b - 1) & (kDepth - 1)]].fetch_add(1, std::memory_order_relaxed);
    ++pops;
    return true;
  };
  while (next < kItems) {
    uint64_t x = next_rand();
    int push_n = (x & 1) ? 1 : 1 + static_cast<int>((x >> 1) % 16);
    int pop_n = (x & 2) ? 1 : 1 + static_cast<int>((x >> 8) % 16);
    for (int k = 0; k < push_n && next < kItems; ++k) {
      int64_t b = d.w.abi.bottom;
      if (b - __atomic_load_n(&d.w.abi.top, __ATOMIC_RELAXED) >= kDepth)
        break;  // full
      shadow[b & (kDepth - 1)] = next;
      sprig_deque_push(d.abi(), encode(next));
      ++next;
    }
    // The "child's work" between a spawn and its return: the window in which thieves can
    // find entries (without it the owner outruns thieves that pay a process-wide barrier
    // per attempt, and hardly anything is stolen).
    for (int spin = static_cast<int>((x >> 16) % 1024); spin > 0; --spin)
      __asm__ volatile("" ::: "memory");
    for (int k = 0; k < pop_n; ++k)
      if (!pop_one())
        break;
  }
  while (pop_one()) {
  }
  done.store(true, std::memory_order_release);
  for (auto &t : thieves)
    t.join();

  int64_t stolen = 0, tries = 0;
  for (int t = 0; t < kThieves; ++t) {
    stolen += steals[t];
    tries += steal_tries[t];
  }
  EXPECT_EQ(garbage.load(), 0);
  EXPECT_EQ(inconsistent, 0);
  EXPECT_EQ(pops + stolen, kItems) << "pops " << pops << ", steals " << stolen;
  int64_t lost = 0, twice = 0, first_bad = -1;
  for (int64_t i = 0; i < kItems; ++i) {
    uint8_t c = taken[i].load(std::memory_order_relaxed);
    if (c != 1 && first_bad < 0)
      first_bad = i;
    lost += c == 0;
    twice += c > 1;
  }
  EXPECT_EQ(lost, 0) << "first bad item " << first_bad;
  EXPECT_EQ(twice, 0) << "first bad item " << first_bad;
  EXPECT_GT(stolen, 0);  // the thieves did take part
  RecordProperty("owner_pops", std::to_string(pops));
  RecordProperty("steals", std::to_string(stolen));
  std::printf("owner: %lld pushes, %lld pops (%lld failed); thieves: %lld steals of %lld "
              "tries\n",
              (long long)kItems, (long long)pops, (long long)failed_pops, (long long)stolen,
              (long long)tries);
}

}  // namespace

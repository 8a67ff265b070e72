// runtime/pedigree.{h,cpp}: the state a thread keeps of the strand it runs, for
// sprig::dprand. What the plugin's calls do to it (a fork names a child and moves the
// parent on, a join puts the continuation where the parent was plus one, an iteration's
// state depends on its index only), that draws depend on the position and the seed and
// nothing else, that the runtime's save and restore carry a strand across threads, and
// that a poisoned strand (a stolen continuation of code without the pedigree) aborts at
// its first draw, and only there. Each case runs on fresh threads: a thread's first
// strand starts at the root position.
#include "pedigree.h"
#include "sprig/abi.h"
#include <cstdint>
#include <functional>
#include <gtest/gtest.h>
#include <set>
#include <thread>
#include <vector>

namespace {

// fn's result, run on a thread of its own (a fresh pedigree state).
template <class T> T on_fresh_thread(std::function<T()> fn) {
  T out{};
  std::thread t([&] { out = fn(); });
  t.join();
  return out;
}

// A strand that draws twice, forks a child that draws three times, joins, draws again.
std::vector<uint64_t> script(bool extra_draw_first) {
  std::vector<uint64_t> d;
  if (extra_draw_first)
    (void)__sprig_dprand();
  d.push_back(__sprig_dprand());
  d.push_back(__sprig_dprand());
  uint64_t h = __sprig_ped_hash(), r = __sprig_ped_fork();
  for (int i = 0; i < 3; ++i)
    d.push_back(__sprig_dprand());
  __sprig_ped_join(h, r);
  d.push_back(__sprig_dprand());
  return d;
}

TEST(Pedigree, ForkNamesAChildAndJoinMovesTheParentOn) {
  on_fresh_thread<int>([] {
    uint64_t h0 = __sprig_ped_hash();
    EXPECT_EQ(h0, 0u) << "a thread's first strand is at the root";
    EXPECT_EQ(__sprig_ped_fork(), 0u) << "the first fork takes rank 0";
    uint64_t child = __sprig_ped_hash();
    EXPECT_NE(child, h0);
    EXPECT_EQ(child & 1, 0u) << "bit 0 of a known position is clear";
    __sprig_ped_join(h0, 0);
    EXPECT_EQ(__sprig_ped_hash(), h0);
    EXPECT_EQ(__sprig_ped_fork(), 1u) << "the continuation goes on at the next rank";
    EXPECT_NE(__sprig_ped_hash(), child) << "a second fork names another child";
    return 0;
  });
}

TEST(Pedigree, DrawsDependOnThePositionOnly) {
  auto a = on_fresh_thread<std::vector<uint64_t>>([] { return script(false); });
  auto b = on_fresh_thread<std::vector<uint64_t>>([] { return script(false); });
  EXPECT_EQ(a, b) << "the same positions, the same draws";
  auto c = on_fresh_thread<std::vector<uint64_t>>([] { return script(true); });
  EXPECT_NE(a, c) << "a draw before takes a rank: every later position moves";
  std::set<uint64_t> distinct(a.begin(), a.end());
  EXPECT_EQ(distinct.size(), a.size());
}

TEST(Pedigree, AnIterationsDrawsDependOnItsIndexOnly) {
  auto run = [](bool reverse) {
    return on_fresh_thread<std::vector<uint64_t>>([reverse] {
      uint64_t h = __sprig_ped_hash(), r = __sprig_ped_fork();
      uint64_t loop = __sprig_ped_hash();
      std::vector<uint64_t> d(16);
      for (int i = 0; i < 16; ++i) {
        int k = reverse ? 15 - i : i;
        __sprig_ped_iter(loop, k);
        d[k] = __sprig_dprand() ^ (__sprig_dprand() << 1);
      }
      __sprig_ped_join(h, r);
      return d;
    });
  };
  EXPECT_EQ(run(false), run(true));
}

TEST(Pedigree, SaveAndRestoreCarryAStrandAcrossThreads) {
  sprig_frame f = {};
  uint64_t expected = on_fresh_thread<uint64_t>([&] {
    (void)__sprig_dprand();
    (void)__sprig_ped_fork();
    (void)__sprig_dprand();
    sprig::ped_save(&f);
    return __sprig_dprand();  // what the strand draws next
  });
  uint64_t got = on_fresh_thread<uint64_t>([&] {
    (void)__sprig_dprand();  // this thread's own strand, elsewhere
    sprig::ped_restore(&f);
    return __sprig_dprand();
  });
  EXPECT_EQ(got, expected);
}

TEST(Pedigree, TheSeedGovernsEveryDraw) {
  auto draws = [](uint64_t seed) {
    return on_fresh_thread<std::vector<uint64_t>>([seed] {
      __sprig_dprand_seed(seed);
      return script(false);
    });
  };
  EXPECT_EQ(draws(5), draws(5));
  EXPECT_NE(draws(5), draws(6));
  __sprig_dprand_seed(0);  // as the other cases found it
}

TEST(PedigreeDeathTest, APoisonedStrandAbortsAtItsFirstDraw) {
  auto poisoned_draw = [] {
    sprig::ped_poison();
    uint64_t h = __sprig_ped_hash();
    uint64_t r = __sprig_ped_fork();
    __sprig_ped_iter(__sprig_ped_hash(), 3);  // derived states stay unknown
    __sprig_ped_join(h, r);
    (void)__sprig_dprand();
  };
  EXPECT_DEATH(poisoned_draw(), "pedigree is unknown");
  // Forks and joins of a poisoned strand do not abort; a join from a known position
  // makes it known again (the plugin's join after a spawn).
  on_fresh_thread<int>([] {
    uint64_t h = __sprig_ped_hash(), r = __sprig_ped_fork();
    sprig::ped_poison();
    (void)__sprig_ped_fork();
    __sprig_ped_join(h, r);
    (void)__sprig_dprand();
    return 0;
  });
}

}  // namespace

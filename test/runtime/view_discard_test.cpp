// runtime/view_map.cpp: a parallel loop's piece after the loop's first break (a map
// marked with pfor_min_k and pfor_start, as __sprig_pfor_piece marks a stolen upper
// half's map) is discarded by merge_views: its views are destroyed, never reduced, with
// the destroy noted for their reduce function, or freed without one. An unmarked map, or
// a marked one whose start is not after the break, merges as before. The table of noted
// destroy functions is filled from several threads at once (for the TSan build).
#include "view_map.h"
#include <atomic>
#include <cstdint>
#include <gtest/gtest.h>
#include <thread>
#include <vector>

namespace {

int reduces, destroys;
void identity(void *p) { *static_cast<long *>(p) = 0; }
void reduce(void *l, void *r) {
  ++reduces;
  *static_cast<long *>(l) += *static_cast<long *>(r);
}
void destroy(void *) { ++destroys; }
// Another reduce function, with no destroy noted.
void reduce_plain(void *l, void *r) {
  ++reduces;
  *static_cast<long *>(l) += *static_cast<long *>(r);
}

struct ViewDiscard : ::testing::Test {
  long key = 100, key2 = 1000;  // two reducers' own storage (their leftmost views)
  std::uint64_t min_k = ~0ull;
  void SetUp() override {
    reduces = destroys = 0;
    sprig::reducer_note_destroy(&reduce, &destroy);
  }
  // A strand's map holding views of both reducers, with `v` added to each.
  sprig::ViewMap *strand(long v) {
    sprig::ViewMap *m = sprig::map_new();
    *static_cast<long *>(
        sprig::view_lookup(m, &key, sizeof(long), alignof(long), &identity, &reduce)) += v;
    *static_cast<long *>(sprig::view_lookup(m, &key2, sizeof(long), alignof(long),
                                            &identity, &reduce_plain)) += v;
    return m;
  }
  void mark(sprig::ViewMap *m, std::uint64_t start) {
    m->pfor_min_k = &min_k;
    m->pfor_start = start;
  }
};

TEST_F(ViewDiscard, PieceAfterTheBreakIsDestroyedNotReduced) {
  sprig::ViewMap *left = strand(1), *right = strand(20);
  mark(right, 10);
  min_k = 5;  // iteration 5 broke: everything from 10 on is discarded
  sprig::merge_views(left, right);
  EXPECT_EQ(reduces, 0);
  EXPECT_EQ(destroys, 1);  // key's view; key2's is freed (no destroy noted for it)
  sprig::merge_views(nullptr, left);  // into the reducers' own storage
  EXPECT_EQ(key, 101);
  EXPECT_EQ(key2, 1001);
}

TEST_F(ViewDiscard, IntoTheLeftmostStrand) {
  sprig::ViewMap *right = strand(20);
  mark(right, 10);
  min_k = 9;
  sprig::merge_views(nullptr, right);
  EXPECT_EQ(key, 100);
  EXPECT_EQ(key2, 1000);
  EXPECT_EQ(reduces, 0);
  EXPECT_EQ(destroys, 1);
}

TEST_F(ViewDiscard, PieceOfTheBreakOrBeforeIsReduced) {
  sprig::ViewMap *left = strand(1), *right = strand(20);
  mark(right, 10);
  min_k = 10;  // the break is the piece's own first iteration: it is kept
  sprig::merge_views(left, right);
  EXPECT_EQ(reduces, 2);
  EXPECT_EQ(destroys, 0);
  sprig::merge_views(nullptr, left);
  EXPECT_EQ(key, 121);
  EXPECT_EQ(key2, 1021);
}

TEST_F(ViewDiscard, NoBreakAndUnmarkedMapsMergeAsBefore) {
  sprig::ViewMap *left = strand(1), *right = strand(20), *third = strand(300);
  mark(right, 10);  // min_k stays ~0: no break
  sprig::merge_views(left, right);
  sprig::merge_views(left, third);  // unmarked
  sprig::merge_views(nullptr, left);
  EXPECT_EQ(key, 421);
  EXPECT_EQ(key2, 1321);
  EXPECT_EQ(destroys, 0);
}

TEST_F(ViewDiscard, LeftKeepsItsOwnMark) {
  // A marked piece that absorbed its right neighbour is judged later, as a whole.
  sprig::ViewMap *base = strand(1), *left = strand(20), *right = strand(300);
  mark(left, 10);
  mark(right, 30);
  min_k = 40;
  sprig::merge_views(left, right);  // kept: 30 <= 40
  EXPECT_EQ(left->pfor_start, 10u);
  min_k = 3;  // an earlier iteration (of another half) broke since
  sprig::merge_views(base, left);
  sprig::merge_views(nullptr, base);
  EXPECT_EQ(key, 101);
  EXPECT_EQ(key2, 1001);
  EXPECT_EQ(destroys, 1);
}

void r0(void *, void *) {}
void r1(void *, void *) {}
void r2(void *, void *) {}
void r3(void *, void *) {}
std::atomic<int> destroyed{0};
void d(void *) { destroyed.fetch_add(1, std::memory_order_relaxed); }

TEST(ViewDiscardTable, NotedFromSeveralThreads) {
  void (*fns[])(void *, void *) = {r0, r1, r2, r3};
  std::vector<std::thread> ts;
  for (int t = 0; t < 4; ++t)
    ts.emplace_back([&, t] {
      for (int i = 0; i < 100; ++i) {
        sprig::reducer_note_destroy(fns[(t + i) % 4], &d);
        sprig::View v{};
        v.reduce = fns[i % 4];
        v.view = sprig::view_alloc(sizeof(long), alignof(long));
        sprig::view_destroy(v);
      }
    });
  for (auto &t : ts)
    t.join();
  // Each destroy ran once the thread's own note of that function was visible: a thread
  // notes fns[(t + i) % 4] for i = 0..3 before it destroys them all.
  EXPECT_GE(destroyed.load(), 4 * 96);
}

}  // namespace

// runtime/cancel.{h,cpp}: sprig_cancelled()'s walk over a strand's ancestors, on states
// built by hand: the frames of the worker's own entries [seg_base, bottom) (their cancel
// bit, entries thieves took included), then seg_up and the frames' `up` links. Only
// ancestors count: an entry below seg_base, a frame past a link that is still 0 (its
// thief has not linked it yet), the caller's own frame. And the mark: __sprig_cancel sets
// it once per epoch and counts it, __sprig_cancel_end takes it away.
#include "cancel.h"
#include "sprig/abi.h"
#include "worker.h"
#include <cstdint>
#include <gtest/gtest.h>
#include <vector>

namespace {

// sprig/cancel.h's sprig_cancelled() as code built with the plugin has it (this file is
// not: the header would give it the serial elision's).
int sprig_cancelled() {
  if (__atomic_load_n(&__sprig_cancels_active, __ATOMIC_RELAXED) == 0)
    return 0;
  return __sprig_cancelled_walk();
}

// A worker whose deque holds `n` entries, frames f[0..n), its segment starting at
// `base`; the thread binds it (sprig_cancelled() reads the thread's worker).
struct Strand {
  sprig::Worker w;
  std::vector<sprig_frame *> ring = std::vector<sprig_frame *>(16);
  sprig_frame f[8] = {};
  Strand(int n, int base) : w() {
    w.abi.buf = ring.data();
    w.abi.mask = 15;
    for (int i = 0; i < n; ++i) {
      sprig_enter_frame(&f[i]);
      ring[i] = &f[i];
    }
    w.abi.bottom = n;
    w.abi.seg_base = base;
    sprig::set_self(&w);
  }
  ~Strand() { sprig::set_self(nullptr); }
};

void mark(sprig_frame *f) {
  auto up = reinterpret_cast<std::uintptr_t>(f->up);
  f->up = reinterpret_cast<sprig_frame *>(up | sprig::kUpCancelled);
}

// With no cancel active anywhere the inline test answers at once (no walk).
TEST(Cancel, NothingActiveMeansNotCancelled) {
  Strand s(3, 0);
  mark(&s.f[1]);  // a mark without the count: the inline test does not look
  EXPECT_EQ(__sprig_cancels_active, 0);
  EXPECT_EQ(sprig_cancelled(), 0);
  EXPECT_EQ(__sprig_cancelled_walk(), 1);  // the walk itself would see it
}

TEST(Cancel, OwnEntriesOfTheSegmentAreAncestors) {
  Strand s(4, 1);
  EXPECT_EQ(__sprig_cancelled_walk(), 0);
  mark(&s.f[0]);  // below seg_base: not this segment's (a link would be needed)
  EXPECT_EQ(__sprig_cancelled_walk(), 0);
  mark(&s.f[2]);
  EXPECT_EQ(__sprig_cancelled_walk(), 1);
  // An entry a thief took (below top) is an ancestor still.
  __atomic_store_n(&s.w.abi.top, 3, __ATOMIC_RELAXED);
  EXPECT_EQ(__sprig_cancelled_walk(), 1);
}

TEST(Cancel, LinksBelowTheSegment) {
  Strand s(2, 0);
  sprig_frame a{}, b{}, c{};
  sprig_enter_frame(&a);
  sprig_enter_frame(&b);
  sprig_enter_frame(&c);
  // seg_up = a, a -> b, b -> c (root: 0).
  s.w.abi.seg_up = &a;
  sprig::link_stolen(&a, &b);
  sprig::link_stolen(&b, &c);
  EXPECT_EQ(__sprig_cancelled_walk(), 0);
  mark(&c);
  EXPECT_EQ(__sprig_cancelled_walk(), 1);
  // A thief re-links a frame keeping its mark; the walk follows the link, not the bit.
  sprig::link_stolen(&c, nullptr);
  EXPECT_EQ(__sprig_cancelled_walk(), 1);
  // A link still 0 (b's thief between its CAS and its store) ends the walk early: c's
  // cancel is seen later, never a frame that is not an ancestor.
  b.up = nullptr;
  EXPECT_EQ(__sprig_cancelled_walk(), 0);
  EXPECT_EQ(sprig::segment_up_of(&a), &b);
}

TEST(Cancel, MarkCountsOncePerEpochAndTheSyncEndsIt) {
  Strand s(1, 0);
  sprig_frame p{};
  sprig_enter_frame(&p);
  sprig_frame q{};
  sprig_enter_frame(&q);
  sprig::link_stolen(&p, &q);  // p's ancestor, kept through the marks
  __sprig_cancel(&p);
  __sprig_cancel(&p);  // twice in one epoch: one cancel
  EXPECT_TRUE(sprig_frame_is_cancelled(&p));
  EXPECT_TRUE(sprig_frame_sync_is_slow(&p));
  EXPECT_EQ(__sprig_cancels_active, 1);
  EXPECT_EQ(sprig::segment_up_of(&p), &q);
  // p is the strand's ancestor when its entry is ours.
  s.ring[0] = &p;
  EXPECT_EQ(sprig_cancelled(), 1);
  __sprig_cancel_end(&p);
  EXPECT_FALSE(sprig_frame_is_cancelled(&p));
  EXPECT_EQ(__sprig_cancels_active, 0);
  EXPECT_EQ(sprig_cancelled(), 0);
  EXPECT_EQ(sprig::segment_up_of(&p), &q);
}

// Not a worker: no ancestors.
TEST(Cancel, UnboundThreadIsNeverCancelled) {
  sprig::set_self(nullptr);
  EXPECT_EQ(__sprig_cancelled_walk(), 0);
}

}  // namespace

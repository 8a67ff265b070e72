//===- runtime/cancel.cpp - sprig::cancel and sprig::cancelled ------------===//
//
// The cancel of a frame's sync epoch is a mark: SPRIG_FRAME_CANCELLED in its flags,
// which makes its next sync slow (that sync ends the cancel, __sprig_cancel_end), and
// bit 0 of its `up`, which other threads read (runtime/cancel.h). sprig_cancelled()
// walks the calling strand's ancestors (cancel.h) and looks for a mark. Nothing here
// stops a child: a spawned child is called at once (work-first), so the children of a
// cancelled epoch are the ones running or spawned after the cancel, and they poll.
//
// Memory ordering: the mark is advisory. The runner sets and clears bit 0 with release
// stores; walkers read it relaxed on their own deque's frames and acquire on the frames
// they reach through `up` (so they see the links a thief wrote before it). A walker may
// see a cancel late (a relaxed load; a link not written yet ends its walk early: the
// thief is between its CAS and its store), never one of a frame that is not its
// ancestor: the frames it visits are its ancestors, alive until its strand ends, and a
// mark is cleared only at the frame's sync, which waits for that strand.
//===----------------------------------------------------------------------===//
#include "cancel.h"
#include "assertions.h"
#include "sprig/abi.h"
#include "worker.h"
#include <cstdio>
#include <cstdlib>

using namespace sprig;

extern "C" {

// Frames whose cancel lasts, process-wide (sprig/cancel.h reads it first, relaxed: the
// walk is only worth it while some cancel lasts; a cancel it misses is one it may see
// late anyway).
int __sprig_cancels_active = 0;

// Neither __sprig_cancel nor __sprig_cancel_end throws: the plugin declares them
// nounwind (plugin/lower/RuntimeABI.cpp). Only the frame's runner calls them, and only
// it writes `up` while the frame's code runs (a thief links a frame only while its
// continuation waits in a deque), so a load and a store suffice for the bit.
void __sprig_cancel(sprig_frame *sf) {
  SPRIG_ASSERT(sprig_frame_is_entered(sf), "the plugin enters a frame before its cancel");
  if (sprig_frame_is_cancelled(sf))
    return;  // cancelled twice in one epoch: one mark
  sf->flags |= SPRIG_FRAME_CANCELLED;
  __atomic_fetch_add(&__sprig_cancels_active, 1, __ATOMIC_RELAXED);
  // Release: pairs with the acquire of a walker that reaches sf through a link (the
  // order only matters for the link's bits, kept as they are).
  std::uintptr_t up = up_load(sf, __ATOMIC_RELAXED);
  __atomic_store_n(&sf->up, reinterpret_cast<sprig_frame *>(up | kUpCancelled),
                   __ATOMIC_RELEASE);
}

void __sprig_cancel_end(sprig_frame *sf) {
  SPRIG_ASSERT(sprig_frame_is_cancelled(sf), "only a cancelled epoch's sync ends a cancel");
  SPRIG_ASSERT(!sprig_frame_is_stolen(sf), "a cancel ends after the sync's wait");
  sf->flags &= ~SPRIG_FRAME_CANCELLED;
  std::uintptr_t up = up_load(sf, __ATOMIC_RELAXED);
  __atomic_store_n(&sf->up, reinterpret_cast<sprig_frame *>(up & ~kUpCancelled),
                   __ATOMIC_RELEASE);
  [[maybe_unused]] int before =
      __atomic_fetch_sub(&__sprig_cancels_active, 1, __ATOMIC_RELAXED);
  SPRIG_ASSERT(before >= 1, "a cancel that ends was counted when it began");
}

int __sprig_cancelled_walk(void) {
  Worker *w = self();
  if (!w)
    return 0;  // not a worker: no spawn ancestor
  sprig_worker_abi *d = &w->abi;
  // Our own entries, newest first: the frames whose children we run (cancel.h). Plain
  // reads of our own fields; the frames' `up` may be set by their thieves' runners.
  const int64_t base = d->seg_base;
  for (int64_t i = d->bottom - 1; i >= base; --i) {
    sprig_frame *f = __atomic_load_n(&d->buf[i & d->mask], __ATOMIC_RELAXED);
    if (up_load(f, __ATOMIC_RELAXED) & kUpCancelled)
      return 1;
  }
  // Then frame by frame through the links the thieves set.
  for (sprig_frame *f = d->seg_up; f;) {
    std::uintptr_t up = up_load(f, __ATOMIC_ACQUIRE);
    if (up & kUpCancelled)
      return 1;
    f = up_frame(up);
  }
  return 0;
}

// sprig::cancel() reaches here only if it was not called directly in a spawning
// function, which the plugin rejects at compile time: through a pointer to it.
void __sprig_cancel_here(void) {
  std::fprintf(stderr, "sprig: sprig::cancel() was called through a pointer; call it "
                       "directly in the function that spawns the children to cancel\n");
  std::abort();
}

}  // extern "C"

//===- runtime/cancel.h - a strand's spawn ancestors, for sprig::cancel ------===//
//
// sprig::cancel() marks its frame; sprig::cancelled() asks whether a frame above the
// calling strand in the spawn tree is marked. The runtime finds those ancestors without
// any cost on the spawn path, from two things it has anyway:
//  * a worker's current *segment* (sprig_worker_abi.seg_base, seg_up): the frames of the
//    entries [seg_base, bottom) of its deque are the running strand's ancestors on this
//    worker (a push never overwrites one of them: `limit`), and seg_up is the nearest
//    ancestor below them;
//  * sprig_frame.up, which each thief of a frame sets (the entry below the one it took,
//    or the victim's seg_up, read before its CAS), so ancestors on other workers are
//    reached frame by frame.
// A segment begins each time a worker starts work with an empty deque: a stolen
// continuation (seg_up = the frame's ancestor), a frame resumed at its sync or at a
// scope's exit (the frame's `up`), a root's entry (none). runtime/cancel.cpp has the
// marks and the walk; docs/design.md, "Cancel", the argument.
//===----------------------------------------------------------------------===//
#pragma once
#include "sprig/abi.h"
#include "worker.h"
#include <cstdint>

namespace sprig {

// sprig_frame.up: the ancestor's address, with bit 0 set while the frame's cancel lasts
// (frames are 8-byte aligned). Every access is atomic; the runner of the frame sets and
// clears the bit (a thief keeps it when it links the frame).
inline constexpr std::uintptr_t kUpCancelled = 1;
inline sprig_frame *up_frame(std::uintptr_t up) {
  return reinterpret_cast<sprig_frame *>(up & ~kUpCancelled);
}
inline std::uintptr_t up_load(sprig_frame *f, int order) {
  return reinterpret_cast<std::uintptr_t>(__atomic_load_n(&f->up, order));
}

// Owner, its deque empty (or only entries it is about to drop): the running strand's
// ancestors are `up` and those above it. Relaxed: thieves read these only for entries
// pushed after this, whose publication orders them (sprig_deque_ancestor_of).
inline void segment_begin(Worker *w, sprig_frame *up) {
  assert_owner(w, "only the owner starts a segment of its deque");
  __atomic_store_n(&w->abi.seg_base, w->abi.bottom, __ATOMIC_RELAXED);
  __atomic_store_n(&w->abi.seg_up, up, __ATOMIC_RELAXED);
}
// The ancestor a resumed frame's segment starts from: its `up`, which its thieves set.
inline sprig_frame *segment_up_of(sprig_frame *f) {
  return up_frame(up_load(f, __ATOMIC_ACQUIRE));
}
// A thief that won f: link it to `up` (its ancestor, read before the CAS), keeping the
// cancel mark its last runner may have set. Release: a walker that reaches f and reads
// the link (acquire) sees what we knew of the frames below.
inline void link_stolen(sprig_frame *f, sprig_frame *up) {
  std::uintptr_t mark = up_load(f, __ATOMIC_RELAXED) & kUpCancelled;
  __atomic_store_n(
      &f->up, reinterpret_cast<sprig_frame *>(reinterpret_cast<std::uintptr_t>(up) | mark),
      __ATOMIC_RELEASE);
}

}  // namespace sprig

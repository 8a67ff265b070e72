//===- runtime/deque.h - the thief's side of the split deque ---------------===//
//
// What runtime/deque.cpp exports to the scheduler: a thief's look at a victim (steal a
// public entry, ask the owner for work, force an old request) and the stress mode's
// yield point. The deque itself, its layout and its owner's inline paths are in
// include/sprig/deque.h; the owner's slow paths (__sprig_push_slow, __sprig_pop_slow)
// are entry points declared there.
//===----------------------------------------------------------------------===//
#pragma once
#include "sprig/abi.h"

namespace sprig {

struct Worker;

// What a look at a victim whose public part is empty found: nothing; work worth asking
// for (or a public entry); a lone entry the owner pushes and pops as the thief watches
// (a loop of tiny spawns).
enum class DequeLook { Empty, Worth, Churning };
// Steal the oldest public entry of `victim`, or ask its owner for work, or force an old
// request (a steal after a process-wide barrier). Reserves the fiber before any CAS.
// *resume_pc: the won continuation's resume point (sprig_stolen_resume_pc), read while
// the thief announces the frame (Worker::resume_pc_of); null: neither (tests whose
// entries are not frames). *up: the won entry's spawn ancestor (sprig_deque_ancestor_of),
// unless null.
sprig_steal_status steal_or_ask(Worker *w, Worker *victim, sprig_frame **frame,
                                DequeLook *look, void **resume_pc = nullptr,
                                sprig_frame **up = nullptr);
// SPRIGTEST_STRESS: maybe give up the CPU (an owner's slow path).
void stress_point(Worker *w);

}  // namespace sprig

//===- runtime/scheduler.h - the scheduler loop, the pool, child ends ------===//
//
// What runtime/scheduler.cpp exports to the rest of the runtime: the pool's lazy start
// and its workers' records, the scheduler loop every switch to the scheduler lands in,
// the slow path of a child that ends on a stolen parent, and the runtime's fatal error.
//===----------------------------------------------------------------------===//
#pragma once
#include "sprig/abi.h"
#include <cstdio>
#include <cstdlib>

namespace sprig {

struct Worker;

// Print "sprig: <msg>" and abort.
[[noreturn]] void fatal(const char *msg);

// A frame reaching a slow path must have been entered (sprig_enter_frame: flags has
// ENTERED from the first spawn on). A sanity check against corrupt frames; code built
// against another sprig/abi.h is caught when its module loads (__sprig_check_abi).
inline void check_frame(const sprig_frame *f, const char *where) {
  if (__builtin_expect(!(f->flags & SPRIG_FRAME_ENTERED), 0)) {
    std::fprintf(stderr, "sprig: corrupt frame %p in %s (flags 0x%x, not entered)\n",
                 (const void *)f, where, f->flags);
    std::abort();
  }
}

// The pool starts at the first root entry (lazy start).
void start_workers();
// A worker record's owner-private start state (id, victim-choice seed).
void init_worker(Worker *w, int id);
// Map a worker's deque ring (pool workers at start, a root slot at its first binding).
void map_deque(Worker *w);
// Give a deque's ring back (a private serial worker whose thread exits).
void unmap_deque(Worker *w);

// The scheduler loop: every switch to the scheduler lands at its setjmp on
// `w->sched_ctx`, on the scheduler's stack (stack_switch.h).
[[noreturn]] __attribute__((noinline, visibility("hidden"))) void sched_loop(Worker *w);

// A child ended and its parent was stolen: sprig_leave_helper's slow path, shared by
// __sprig_child_done and __sprig_leave_helper_exc (each called straight from a helper).
// `scope`: the scope the child was spawned in (null: none), whose counter it decrements
// first.
[[noreturn]] __attribute__((visibility("hidden"))) void
child_done(Worker *w, sprig_frame *parent, sprig_scope *scope = nullptr);

}  // namespace sprig

//===- runtime/stack_switch.h - moving a worker between stacks ------------===//
//
// Every way a worker leaves the stack it runs on (docs/design.md, "Runtime protocol"):
//  - to its scheduler loop (enter_scheduler): a child ended on a stolen parent, a sync
//    suspended, a root frame handed back; the loop first runs `Worker::pending`, the
//    actions that would let another worker onto the stack just left;
//  - from the scheduler loop into a frame's saved context (jump_into): a stolen
//    continuation on a fresh fiber (resume_stolen), a frame resumed at its sync on its
//    own stack (resume_at_sync), a root frame taken back on its own thread
//    (resume_root_frame).
// The context is the frame's `ctx` (sprig/abi.h, SPRIG_CTX_*): only its stack pointer
// word is rewritten here, to choose the stack the continuation runs on.
//
// Every switch goes through san_jump (a __builtin_longjmp, plus the ASan/TSan
// annotations in sanitizer builds, runtime/sanitizer.h) or san_start_stack +
// start_scheduler_stack. Under TSan the functions on the way from a runtime entry point
// to the switch must not push shadow-stack entries of their own, or the `san_pops`
// counts of the callers would be wrong: so they are defined here, always_inline under
// TSan, and inlined into the entry points of scheduler.cpp and root.cpp; the switch itself
// (sanitizer.cpp) is not instrumented. The out-of-line part (the start of a scheduler
// loop on a fresh stack, which runs after the TSan context switch) is stack_switch.cpp.
//===----------------------------------------------------------------------===//
#pragma once
#include "assertions.h"
#include "cancel.h"
#include "exception.h"
#include "fiber.h"
#include "fpstate.h"
#include "pedigree.h"
#include "reducer.h"
#include "sanitizer.h"
#include "scheduler.h"
#include "sprig/abi.h"
#include "trace.h"
#include "worker.h"
#include <cstdint>
#include <cstdio>
#include <cstdlib>

namespace sprig {

#if SPRIG_TSAN
#define SPRIG_SWITCH_PATH static inline __attribute__((always_inline))
#else
#define SPRIG_SWITCH_PATH static inline
#endif

// Start w's scheduler loop (sched_loop, scheduler.h) afresh at the top of
// w->sched_fiber (stack_switch.cpp). Called after san_start_stack. Never returns.
[[noreturn]] __attribute__((visibility("hidden"))) void start_scheduler_stack(Worker *w);

// Leave the current stack for this worker's scheduler loop, which first runs
// `w->pending`. Never returns. `how`: what becomes of the stack we leave. `san_pops`
// (TSan): shadow-stack entries on this stack of frames that will never return here,
// counted from the innermost: the runtime entry points on the way here and, when a
// child ends on a stolen parent, its helper.
[[noreturn]] SPRIG_SWITCH_PATH void enter_scheduler(Worker *w, SanLeave how,
                                                    unsigned san_pops) {
  assert_owner(w, "only a worker's own thread leaves its stack for its scheduler");
  Fiber *from = w->cur;
  SPRIG_ASSERT(fiber_usable(from), "the stack a worker leaves is one it runs on");
  w->cur = nullptr;
  if (w->sched_running)
    san_jump(from, how, san_pops, w->sched_fiber, w->sched_ctx);
  // The root worker starts its loop lazily, on a fiber of its own.
  if (!w->sched_fiber)
    w->sched_fiber = fiber_get(w);
  san_start_stack(from, how, san_pops, w->sched_fiber);
  start_scheduler_stack(w);
}

// From the scheduler loop, jump into a frame's saved context with the given stack.
// Never returns. (sched_loop pushed its own TSan entry on the scheduler stack, and
// resumes at its setjmp with it: nothing to pop.)
[[noreturn]] SPRIG_SWITCH_PATH void jump_into(Worker *w, sprig_frame *f, Fiber *stack,
                                              void *sp) {
  // Never onto a fiber given back to the pool (another worker may run on it by now).
  SPRIG_ASSERT(fiber_usable(stack), "a worker jumps only onto a stack in use");
  w->cur = stack;
  f->ctx[SPRIG_CTX_SP] = sp;
  san_jump(w->sched_fiber, SanLeave::Resume, 0, stack, f->ctx);
}

// Resume a frame at its sync, on its original stack, all children having ended.
[[noreturn]] SPRIG_SWITCH_PATH void resume_at_sync(Worker *w, sprig_frame *f) {
  check_frame(f, "resume_at_sync");
  SPRIG_ASSERT(sprig_frame_is_stolen(f), "only a stolen frame is resumed at its sync");
  // Every child of the epoch has ended and the sync has added them all (scheduler.cpp).
  SPRIG_ASSERT(__atomic_load_n(&f->join, __ATOMIC_RELAXED) == 0,
               "the join counter is zero when a sync completes");
  f->flags &= ~SPRIG_FRAME_STOLEN;  // (CANCELLED stays: the sync's slow path ends it)
  f->steals = 0;
  segment_begin(w, segment_up_of(f));  // linked when it was stolen
  frame_note_exceptions(f);            // children that threw while the frame was stolen
  fp_restore_frame(f);   // the FP control state the continuation reached its sync with
  ped_restore(f);        // its pedigree (saved by __sprig_sync_suspend)
  reducer_resume(w, f);  // the pieces' views, reduced: the continuation's map
  if (uint64_t st = reinterpret_cast<uintptr_t>(f->ctx[SPRIG_CTX_FPSTATE]))
    w->fp.store(st, std::memory_order_relaxed);  // thieves of our deque now take it
  SPRIG_TRACE(kTraceSync, "worker %d resumes frame %p at its sync", w->id, (void *)f);
  Fiber *stack = static_cast<Fiber *>(f->orig_stack);
  void *sp = f->orig_sp;
  // The epoch's record of the frame's own stack is spent: the next epoch's first steal
  // and child end write it again (poisoned, a stale use jumps nowhere it could harm).
  SPRIG_DEBUG_ONLY(f->orig_stack = f->orig_sp =
                       reinterpret_cast<void *>(SPRIG_POISON_WORD));
  jump_into(w, f, stack, sp);
}

// Resume a frame at the exit of a scope whose children all ended (the greedy join of
// __sprig_scope_suspend), on the stack its continuation suspended on: children spawned
// before the scope may still run, so the frame stays stolen, its epoch (steals, the
// join counter, orig_sp/orig_stack) untouched, and its original stack may still be
// theirs. The suspending worker left that stack before the add that let anyone resume
// (Pending::scope_wait).
[[noreturn]] SPRIG_SWITCH_PATH void resume_at_scope(Worker *w, sprig_frame *f,
                                                    sprig_scope *s) {
  check_frame(f, "resume_at_scope");
  SPRIG_ASSERT(sprig_frame_is_stolen(f), "only a stolen frame suspends at a scope's exit");
  SPRIG_ASSERT(__atomic_load_n(&s->join, __ATOMIC_RELAXED) == 0 && s->stolen == 0,
               "the scope's join counter is zero when its exit completes");
  segment_begin(w, segment_up_of(f));  // linked when it was stolen
  frame_note_exceptions(f);            // children that threw while the frame was stolen
  fp_restore_frame(f);
  ped_restore(f);  // (saved by __sprig_scope_suspend)
  reducer_unpark(w, s->views);
  if (uint64_t st = reinterpret_cast<uintptr_t>(f->ctx[SPRIG_CTX_FPSTATE]))
    w->fp.store(st, std::memory_order_relaxed);
  SPRIG_TRACE(kTraceSync, "worker %d resumes frame %p at a scope's exit", w->id, (void *)f);
  Fiber *stack = static_cast<Fiber *>(s->stack);
  SPRIG_DEBUG_ONLY(s->stack = reinterpret_cast<void *>(SPRIG_POISON_WORD));
  jump_into(w, f, stack, f->ctx[SPRIG_CTX_SP]);
}

// Run a stolen continuation on a fresh fiber. Never returns. `pc`: its resume point,
// which the steal read while it announced the frame (steal_or_ask): read here, after the
// announcement was withdrawn, the word below ctx[SP] could already belong to another
// continuation (sprig_stolen_resume_pc).
[[noreturn]] SPRIG_SWITCH_PATH void resume_stolen(Worker *w, sprig_frame *f, void *pc,
                                                  sprig_frame *up) {
  check_frame(f, "steal");
  if (__builtin_expect((f->flags & SPRIG_FRAME_CHECK_PC) != 0, 0) &&
      !(f->flags & SPRIG_FRAME_PC_IN_CTX) && pc != f->ctx[SPRIG_CTX_SSP]) {
    std::fprintf(stderr,
                 "sprig: frame %p: the return address below its SP (%p) is not the "
                 "one its helper recorded (%p)\n",
                 (void *)f, pc, f->ctx[SPRIG_CTX_SSP]);
    std::abort();
  }
  // A resume point read from a stack already given back to the pool (assertion build:
  // poisoned there, fiber.cpp) would send the continuation nowhere.
  SPRIG_ASSERT(reinterpret_cast<std::uintptr_t>(pc) != SPRIG_POISON_WORD,
               "a stolen continuation's resume point comes from a live stack");
  f->ctx[SPRIG_CTX_PC] = pc;
  // The first steal of an epoch: the previous epoch's sync left the counter at zero,
  // and of this epoch's children only the one the victim runs can have ended since our
  // CAS (its pop failed, so it subtracted 1): the frame's continuation is ours.
  SPRIG_DEBUG_ONLY(const int64_t join_now = __atomic_load_n(&f->join, __ATOMIC_RELAXED));
  SPRIG_ASSERT(sprig_frame_is_stolen(f) || join_now == 0 || join_now == -1,
               "the join counter is zero (or -1: the victim's child ended) when a frame's "
               "epoch is first stolen");
  SPRIG_ASSERT(f->steals < SPRIG_CHILD_MAX, "a frame's steals in one epoch stay below ~0u");
  if (!sprig_frame_is_stolen(f)) {
    f->flags |= SPRIG_FRAME_STOLEN;
    f->orig_sp = f->ctx[SPRIG_CTX_SP];  // SP on the frame's own stack, restored by the sync
  }
  // Link the frame to its spawn ancestor (the same value at every steal of it), before
  // anything can run under it; our segment starts below it (runtime/cancel.cpp).
  link_stolen(f, up);
  segment_begin(w, up);
  f->steals++;          // the continuation's children now number one more (sprig_detach)
  reducer_steal(w, f);  // a new piece of f's sync epoch, with a map of its own
  ped_poison();         // the continuation's pedigree: its join sets it (pedigree.h)
  w->stats.steals.inc();
  Fiber *fb = fiber_get(w);  // cannot fail: fiber_reserve before the steal
  if (uint64_t st = w->fp.load(std::memory_order_relaxed))
    fp_state_set(st);  // the victim's computation's FP control state (fpstate.h)
  SPRIG_TRACE(kTraceSteal, "worker %d steals frame %p", w->id, (void *)f);
  jump_into(w, f, fb, fb->start_sp());
}

// A root slot's scheduler loop takes back its root frame, whose final continuation ended
// on another worker (root.cpp, __sprig_leave_root): return on this thread, on its own
// stack, at the context __sprig_leave_root saved (no SP change). Never returns.
[[noreturn]] SPRIG_SWITCH_PATH void resume_root_frame(Worker *w, sprig_frame *f) {
  assert_owner(w, "a root frame is taken back by its root slot's thread");
  w->cur = &w->native;
  segment_begin(w, nullptr);  // a root frame has no spawn ancestor
  SPRIG_TRACE(kTraceRoot, "worker %d takes root frame %p back", w->id, (void *)f);
  // Our scheduler stack is left for good: the next root binding starts it afresh.
  fp_restore_frame(f);
  ped_restore(f);             // saved by __sprig_leave_root's hand-over
  reducer_root_taken_back();  // the root strand, after its last sync, is the leftmost
  san_jump(w->sched_fiber, SanLeave::Dies, 0, &w->native, f->ctx);
}

}  // namespace sprig

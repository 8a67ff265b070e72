//===- runtime/deque.h - the per-worker Chase-Lev deque of continuations --===//
//
// Papers: D. Chase, Y. Lev, "Dynamic circular work-stealing deque", SPAA 2005
// (doi 10.1145/1073970.1073974); N. M. Le, A. Pop, A. Cohen, F. Zappa Nardelli,
// "Correct and efficient work-stealing for weak memory models", PPoPP 2013
// (doi 10.1145/2442516.2442524), whose C11 orderings we follow.
//
// Entries are frames (sprig_frame*) whose continuation may be stolen. Rules:
//  - Only the owner pushes and pops, at the bottom: push = sprig_detach, pop =
//    sprig_leave_helper (both inline in sprig/abi.h, so they run in generated code).
//  - Anyone else may only steal, at the top: the oldest entry, i.e. the outermost
//    continuation, which carries the most work (work-first / busy-leaves).
//  - top only grows; bottom moves both ways; the entries live in [top, bottom).
//  - The ring never grows: its size bounds the spawn nesting on one worker and overflow
//    is a clear fatal error (sprig_detach checks).
//
// Memory ordering (each fence names its partner):
//  - push: slot store relaxed, bottom store RELEASE  -> pairs with the thief's ACQUIRE
//    load of bottom, so a thief that sees the entry sees the frame's saved context.
//  - pop:  bottom store, then the owner fence        -> pairs with the thief's fence
//    (a compiler barrier when SPRIG_ASYMMETRIC_FENCE: see sprig/abi.h; else seq_cst)
//  - steal: top load ACQUIRE, thief fence (process-wide barrier when asymmetric, else
//    FENCE(seq_cst)), bottom load ACQUIRE, slot load, CAS(top)
//    seq_cst: the CAS decides between two thieves, and between a thief and the owner
//    when one entry is left (the owner CASes top too).
//===----------------------------------------------------------------------===//
#pragma once
#include "worker.h"

namespace sprig {

// The thief's half of the pop/steal store-load fence (runtime/barrier.cpp).
void process_barrier();
inline void thief_fence() {
#if SPRIG_ASYMMETRIC_FENCE
  process_barrier();
#else
  __atomic_thread_fence(__ATOMIC_SEQ_CST);
#endif
}

// A spin-wait hint to the CPU (x86 `pause`, Arm `yield`).
inline void cpu_relax() {
#if defined(__x86_64__)
  __builtin_ia32_pause();
#elif defined(__aarch64__)
  __asm__ volatile("yield");
#endif
}

enum class Steal { Empty, Lost, Won };

struct StealResult {
  Steal status;
  sprig_frame *frame;
};

inline StealResult deque_steal(Worker *victim) {
  sprig_worker_abi *d = &victim->abi;
  int64_t t = __atomic_load_n(&d->top, __ATOMIC_ACQUIRE);
  thief_fence();  // pairs with SPRIG_OWNER_FENCE in sprig_deque_pop
  int64_t b = __atomic_load_n(&d->bottom, __ATOMIC_ACQUIRE);  // pairs with push's release
  if (t >= b)
    return {Steal::Empty, nullptr};
  sprig_frame *f = __atomic_load_n(&d->buf[t & d->mask], __ATOMIC_RELAXED);
  if (!__atomic_compare_exchange_n(&d->top, &t, t + 1, false, __ATOMIC_SEQ_CST,
                                   __ATOMIC_RELAXED))
    return {Steal::Lost, nullptr};
  return {Steal::Won, f};
}

// Cheap pre-check without fences, to skip obviously empty victims.
inline bool deque_looks_empty(Worker *victim) {
  return __atomic_load_n(&victim->abi.top, __ATOMIC_RELAXED) >=
         __atomic_load_n(&victim->abi.bottom, __ATOMIC_RELAXED);
}

// Is a steal worth its fence? deque_steal's fence is, with SPRIG_ASYMMETRIC_FENCE, a
// process-wide barrier that interrupts every running worker, so a thief should not pay
// it (and make the victim pay it) for an entry about to vanish. Two entries or more: the
// oldest is not the one the owner pops next, steal. A lone entry: an owner spawning tiny
// tasks in a loop pushes and pops it every few nanoseconds; steal it only if it stays
// put over a short window. No ABA: the owner's pop of a last entry advances top (its
// CAS, in sprig_deque_pop) and the next push uses the next index, so equal top and
// bottom before and after the window mean the same entry stayed.
// Relaxed loads throughout: this only decides whether to try; deque_steal decides.
struct DequeSnapshot {
  int64_t top, bottom;
};
inline DequeSnapshot deque_snapshot(Worker *victim) {
  return {__atomic_load_n(&victim->abi.top, __ATOMIC_RELAXED),
          __atomic_load_n(&victim->abi.bottom, __ATOMIC_RELAXED)};
}
// The same entries as at the snapshot (nothing pushed, popped or stolen since)?
inline bool deque_unchanged(Worker *victim, DequeSnapshot s) {
  DequeSnapshot now = deque_snapshot(victim);
  return now.top == s.top && now.bottom == s.bottom;
}
inline bool deque_worth_stealing(Worker *victim) {
  DequeSnapshot s = deque_snapshot(victim);
  if (s.bottom - s.top >= 2)
    return true;
  if (s.bottom - s.top < 1)
    return false;
  for (int i = 0; i < config::kLoneEntryPauses; ++i)
    cpu_relax();
  return deque_unchanged(victim, s);
}

}  // namespace sprig

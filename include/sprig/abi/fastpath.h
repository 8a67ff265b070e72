/*===- sprig/abi/fastpath.h - the inline fast paths of lowered code ---------===*
 *
 * Part of sprig/abi.h (include that, not this): the `static inline` paths that generated
 * code runs at a spawning function's entry, spawns, syncs and exit, so that a spawn that
 * is never stolen makes no call into libsprig (the plugin links them in from abi.bc,
 * runtime/abi_bitcode.c; hand-lowered code includes them). They call the entry points of
 * sprig/abi/entry.h only on their slow paths, and push and pop through the deque's
 * owner side (sprig/deque.h).
 *===----------------------------------------------------------------------===*/
#ifndef SPRIG_ABI_FASTPATH_H
#define SPRIG_ABI_FASTPATH_H

#include <stdint.h>

#include "sprig/abi/entry.h"
#include "sprig/abi/frame.h"
#include "sprig/deque.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ---- Inline fast paths ---- */

/* The worker running on this thread, read afresh each time. Code can change threads
 * in the middle of a function: a continuation is stolen, or a callee suspended at a sync
 * is resumed by another worker and returns there. A plain thread_local access lets the
 * optimiser reuse an address computed before such a call (a TLS-caching hazard that
 * other work-stealing runtimes have met too), so the initial-exec sequence sits in a
 * volatile asm. */
SPRIG_INLINE struct sprig_worker *sprig_self(void) {
#if defined(__x86_64__) && defined(__ELF__) && !defined(SPRIG_NO_INLINE_TLS)
  struct sprig_worker *w;
  __asm__ volatile("movq __sprig_tls_worker@gottpoff(%%rip), %0\n\t"
                   "movq %%fs:(%0), %0"
                   : "=r"(w));
  return w;
#else
  return __sprig_current_worker();
#endif
}

/* Whether this thread is bound (a worker), read with a plain (not volatile) asm: the
 * optimiser may move it, merge it with another such read or drop it unused. That is
 * safe for this question where sprig_self's answer would not be: within one invocation
 * of a spawning function, until its first spawn, the answer cannot change. A bound
 * thread stays bound until its root frame, an ancestor, leaves; a change of thread (a
 * stolen continuation, a sync resumed elsewhere) lands on another worker; an unbound
 * thread changes nothing (a spawning function it calls binds and unbinds around its own
 * frame, and returns on the thread that called it). The plugin drops the read where it
 * knows the answer (BoundThread.h), which the volatile read would not allow. */
SPRIG_INLINE int sprig_thread_is_bound(void) {
#if defined(__x86_64__) && defined(__ELF__) && !defined(SPRIG_NO_INLINE_TLS)
  struct sprig_worker *w;
  __asm__("movq __sprig_tls_worker@gottpoff(%%rip), %0\n\t"
          "movq %%fs:(%0), %0"
          : "=r"(w));
  return w != 0;
#else
  return __sprig_current_worker() != 0;
#endif
}

/* Entry of a spawning function (generated code: at its first spawn). Stores only: a
 * thread that is not a worker yet becomes one at the frame's first detach, which reads
 * the thread's worker anyway (sprig_detach), so entering costs no thread-local read. */
SPRIG_INLINE void sprig_enter_frame(sprig_frame *sf) {
  sf->flags = SPRIG_FRAME_ENTERED | SPRIG_FRAME_PC_IN_CTX; /* setjmp continuations */
  sf->steals = 0;
  sf->join = 0;
  sf->exceptions = 0;
  sf->up = 0; /* no thief has linked it yet (the cancel walk stops at 0) */
}
/* The same for a frame whose spawns capture their continuations as return addresses
 * (the plugin on x86-64 ELF): a thief finds the resume point on the stack. A setjmp spawn
 * in such a frame sets SPRIG_FRAME_PC_IN_CTX before its capture (plugin/OutlineSpawn.cpp).
 */
SPRIG_INLINE void sprig_enter_frame_ra(sprig_frame *sf) {
  sf->flags = SPRIG_FRAME_ENTERED;
  sf->steals = 0;
  sf->join = 0;
  sf->exceptions = 0;
  sf->up = 0; /* no thief has linked it yet (the cancel walk stops at 0) */
}
/* Where a thief resumes a stolen continuation (the runtime, after its steal won the
 * frame). A return-address continuation: the parent called its helper with %rsp equal to
 * ctx[SPRIG_CTX_SP] (it stores SP once per invocation, at its first spawn, and no call of
 * a helper moves it: no stack arguments, no reserved call frame; after a steal the
 * runtime stores the new stack's SP there), so the call's return address is the word
 * below. The helper is still active (it returns only after a pop that succeeds, which a
 * steal excludes), so the word is intact until the child ends and its pop fails; the
 * push's release store of `bottom`, which the thief's steal acquired, follows the call
 * that wrote it. The child's worker then leaves the stack, and frees it when it does not
 * hold the parent's frame (a fiber the parent's continuation ran on after an earlier
 * steal), to be reused at once: the next continuation's first helper call writes the
 * same word. So a thief announces the frame before its CAS (Worker::resume_pc_of) and
 * withdraws it once it has read the word here, and that free waits for no thief to
 * announce the frame (runtime/scheduler.cpp, child_done). */
SPRIG_INLINE void *sprig_stolen_resume_pc(const sprig_frame *f) {
  if (f->flags & SPRIG_FRAME_PC_IN_CTX)
    return f->ctx[SPRIG_CTX_PC];
  return ((void *const *)f->ctx[SPRIG_CTX_SP])[-1];
}

/* Capture the continuation: 0 now, 1 when a thief (or the resumer of a sync) jumps in.
 * Must expand inside the spawning function itself, hence a macro. */
#define SPRIG_SETJMP(sf) __builtin_setjmp((sf)->ctx)

/* The deque's owner side, sprig_deque_push and sprig_deque_pop: sprig/deque.h. */

/* The largest child number, SPRIG_CHILD_MAX: sprig/abi/frame.h. */

/* Save the floating-point control state (rounding mode, exception masks, flush-to-zero,
 * x87 precision) into ctx[SPRIG_CTX_FPSTATE]: MXCSR in its low 32 bits, the x87
 * control word in bits 32..47 (little-endian, checked in sprig/abi/frame.h). The runtime
 * does it at a suspending sync (the resumer restores it). Not at each spawn, as cheetah
 * does: stmxcsr + fnstcw made a spawn 35% slower (fib); a thief takes the state of its
 * victim's computation instead (runtime/fpstate.h). */
#if defined(__x86_64__)
#define SPRIG_FP_SAVE(sf)                                                                  \
  do {                                                                                     \
    __asm__ volatile("stmxcsr %0" : "=m"(*(uint32_t *)&(sf)->ctx[SPRIG_CTX_FPSTATE]));     \
    __asm__ volatile("fnstcw %0"                                                           \
                     : "=m"(*((uint16_t *)&(sf)->ctx[SPRIG_CTX_FPSTATE] + 2)));            \
  } while (0)
#else
#define SPRIG_FP_SAVE(sf) ((void)(sf))
#endif

/* In the helper, after the arguments are evaluated: publish the parent's continuation.
 * Returns the child's number in the parent, which orders the exceptions of one sync
 * epoch (serially; __sprig_child_threw keeps the lowest, and of equal ones the first
 * recorded).
 * Numbering: a child's number is the parent's `steals` at its detach, the steals
 * of the parent's continuation since its last sync. Read before the push, while the
 * parent is ours. Two children with equal numbers ran one after the other in serial
 * order: no steal came between their detaches, so the owner ran the first to its end
 * before its continuation detached the second, and the first recorded is the serially
 * first. A child with a higher number was detached after a steal that came after the
 * other's detach, so it is serially later. That is every case, with one load and no
 * test or store on the spawn path (a counter of its own would take a flag test
 * and, while slow, a read-modify-write). `steals` is reset at the sync with the rest of
 * the epoch; reaching ~0u ("not detached", __sprig_child_threw) would take 2^32 - 1
 * steals of one frame in one epoch, past which the u32 count would also wrap and break
 * the join count (a limit the runtime always had). */
/* A thread that is not a worker (sprig_self() == 0) binds as a root worker here, at
 * the first detach of its outermost spawning frame, which becomes the root frame
 * (__sprig_enter_root sets SPRIG_FRAME_ROOT; leaving that frame unbinds). Sleeping
 * workers are woken by the push itself (sprig_deque_push: a sleeper lowers every
 * worker's push bound). No counter on the way: spawns are counted only in code built
 * with -mllvm -sprig-count-spawns (sprig_count_spawn). */
SPRIG_INLINE uint32_t sprig_detach(sprig_frame *parent) {
  struct sprig_worker *w = sprig_self();
  if (SPRIG_UNLIKELY(w == 0)) {
    __sprig_enter_root(parent, SPRIG_ABI_MAGIC);
    w = sprig_self();
  }
  uint32_t child = parent->steals; /* before the push: the parent is ours still */
  sprig_deque_push(w, parent);
  return child;
}

/* The same detach split in two, as the plugin emits it (docs/design.md, "Roots"):
 * sprig_bind at the frame's first spawn, in the parent, before the helper evaluates the
 * spawned statement's arguments; sprig_detach_bound in the helper, with no test of the
 * thread's worker. Once a thread is bound it stays bound until its root frame leaves, and
 * code that changes threads inside a root computation only ever lands on workers (a
 * thief, the resumer of a sync), so every later detach of the frame finds a worker.
 * Binding before the arguments rather than at the detach changes only which frame is the
 * root when an argument itself calls a spawning function: the parent, entered already,
 * instead of that callee. The plugin drops the test altogether (and the ROOT test at
 * exit) in code that only runs on a bound thread: the preserve_none bodies called past
 * the serial gate, and the children inlined into helpers after the detach. */
SPRIG_INLINE void sprig_bind(sprig_frame *sf) {
  if (SPRIG_UNLIKELY(!sprig_thread_is_bound()))
    __sprig_enter_root(sf, SPRIG_ABI_MAGIC);
}
SPRIG_INLINE uint32_t sprig_detach_bound(sprig_frame *parent) {
  struct sprig_worker *w = sprig_self();
  uint32_t child = parent->steals; /* before the push: the parent is ours still */
  sprig_deque_push(w, parent);
  return child;
}

/* Should this call of a spawning function run its serial clone (the serial elision the
 * plugin keeps of each spawning function, F.sprig.serial) instead of its body? Yes when
 * the thread is no worker (so it would bind as a new root at its first detach) and the
 * gate is up (the pool is saturated: the new root would only add steals and waits at
 * its syncs, docs/design.md "Roots"). A pool worker or a bound root always runs the
 * body. Generated code tests it once per call that goes past the split prefix: the
 * thread-local first (a worker goes on at once, whatever the gate), the gate only on a
 * thread that is no worker. */
SPRIG_INLINE int sprig_run_serially(void) {
  if (SPRIG_UNLIKELY(sprig_self() == 0))
    return __atomic_load_n(&__sprig_serial_gate, __ATOMIC_RELAXED) != 0;
  return 0;
}

/* Count a spawn in this worker's statistics (SPRIG_STATS=1). Generated code calls it
 * after each detach only under -mllvm -sprig-count-spawns: the counter was a
 * read-modify-write on every spawn's path. */
SPRIG_INLINE void sprig_count_spawn(void) {
  struct sprig_worker *w = sprig_self();
  if (w)
    ((sprig_worker_abi *)w)->spawns++;
}

/* In the helper, after the child's work: take the parent back, unless a thief has it. */
SPRIG_INLINE void sprig_leave_helper(sprig_frame *parent) {
  /* The worker now, not the one at the detach: the child may have returned on another
   * thread. Then the parent was stolen first (thieves take the oldest entry), this
   * worker's deque is empty and the pop below fails, as it must. */
  struct sprig_worker *w = sprig_self();
  if (__builtin_expect(sprig_deque_pop(w), 1))
    return;
  __sprig_child_done(w, parent); /* parent stolen: never returns */
}

/* ---- Scopes (`[[sprig::scope]] { ... }`, sprig_scope in sprig/abi/frame.h) ----
 * Around each spawn directly in the scope's block the parent records whether its
 * continuation was stolen while the child ran (a thief adds 1 to `steals` before it
 * resumes the continuation, right after the helper call, and nothing else changes
 * `steals` across the call): such a child ends on another worker and subtracts 1 from
 * the scope's join counter. Programs without scopes run none of this. */
SPRIG_INLINE void sprig_scope_init(sprig_scope *s) {
  s->join = 0;
  s->stolen = 0;
}
/* In the parent, just before the in-scope spawn's helper call. */
SPRIG_INLINE void sprig_scope_before_spawn(const sprig_frame *sf, sprig_scope *s) {
  s->mark = sf->steals;
}
/* In the parent, first thing after the helper call: on the owner's path (the pop found
 * the frame) and on a thief's (it resumes the continuation there). */
SPRIG_INLINE void sprig_scope_after_spawn(const sprig_frame *sf, sprig_scope *s) {
  s->stolen += sf->steals != s->mark;
}
/* sprig_leave_helper for a child spawned in a scope. */
SPRIG_INLINE void sprig_leave_helper_scoped(sprig_frame *parent, sprig_scope *s) {
  struct sprig_worker *w = sprig_self();
  if (__builtin_expect(sprig_deque_pop(w), 1))
    return;
  __sprig_child_done_scoped(w, parent, s); /* parent stolen: never returns */
}
/* Leaving the scope, by its end or a jump out of it: one load and a test of the scope's
 * `stolen` and the frame's EXCEPTION bit when no child ran in parallel. An exception
 * that leaves the scope syncs the whole frame at its landing pad instead. */
#define SPRIG_SCOPE_EXIT(sf, s)                                                            \
  do {                                                                                     \
    if (SPRIG_UNLIKELY((s)->stolen != 0 || sprig_frame_has_exception(sf))) {               \
      if ((s)->stolen != 0 && __builtin_setjmp((sf)->ctx) == 0)                            \
        __sprig_scope_suspend(sf, s);                                                      \
      if (sprig_frame_has_exception(sf))                                                   \
        __sprig_rethrow(sf);                                                               \
    }                                                                                      \
  } while (0)

/* Sync: fast when the frame was not stolen since its last sync (one load and a branch).
 * A cancel of this epoch ends once every child has (after the wait, before a rethrow). */
#define SPRIG_SYNC(sf)                                                                     \
  do {                                                                                     \
    if (SPRIG_UNLIKELY(sprig_frame_sync_is_slow(sf))) {                                    \
      if (sprig_frame_is_stolen(sf) && __builtin_setjmp((sf)->ctx) == 0)                   \
        __sprig_sync_suspend(sf);                                                          \
      if (sprig_frame_is_cancelled(sf))                                                    \
        __sprig_cancel_end(sf);                                                            \
      if (sprig_frame_has_exception(sf))                                                   \
        __sprig_rethrow(sf);                                                               \
    }                                                                                      \
  } while (0)

/* Exit of a spawning function, after its implicit sync. */
SPRIG_INLINE void sprig_leave_frame(sprig_frame *sf) {
  if (SPRIG_UNLIKELY(sprig_frame_is_root(sf)))
    __sprig_leave_root(sf);
}

/* Make every local of a spawning function addressable from the frame pointer, and keep
 * outgoing-call space out of the prologue: a dynamic alloca the optimiser cannot remove
 * (the plugin achieves the same in IR). After a steal the continuation runs with the
 * frame pointer on the old stack and the stack pointer on a new one (cactus stack). */
#define SPRIG_FORCE_FRAME()                                                                \
  do {                                                                                     \
    void *sprig_dyn_ = __builtin_alloca(__sprig_zero);                                     \
    __asm__ volatile("" : : "r"(sprig_dyn_) : "memory");                                   \
  } while (0)

#ifdef __cplusplus
} /* extern "C" */
#endif
#endif /* SPRIG_ABI_FASTPATH_H */

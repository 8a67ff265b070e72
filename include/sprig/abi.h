/*===- sprig/abi.h - the contract between lowered code and the runtime -----===*
 *
 * Everything the Sprig plugin emits into a spawning function, and every hand-lowered
 * test in test/lit/handlowered, goes through this header and nothing else of the
 * runtime. The fast paths below are `static inline` so that a spawn that is never
 * stolen makes no call into libsprig; the slow paths are the `__sprig_*` functions
 * exported by the runtime (runtime/scheduler.cpp, exception.cpp, sleep.cpp).
 *
 * The simplest correct lowering of one spawning function F (the hand-lowered tests use
 * it):
 *
 *     F(...) {
 *       sprig_frame sf;  SPRIG_FORCE_FRAME();  sprig_enter_frame(&sf);
 *       ...
 *       if (SPRIG_SETJMP(&sf) == 0) helper(&sf, <captured addresses>);   // spawn
 *       ...continuation...
 *       SPRIG_SYNC(&sf);                                                // sync
 *       ...
 *       SPRIG_SYNC(&sf); sprig_leave_frame(&sf); return ...;            // every exit
 *     }
 *
 * The plugin refines it (docs/design.md, "Lowering"): only `sf.flags = 0` at entry and
 * sprig_enter_frame at the first spawn; no sync or leave on paths that have not spawned;
 * the paths that never spawn split off into a frameless wrapper that tail-calls the
 * rest. Every refinement keeps the contract below.
 *     static __attribute__((noinline)) void helper(sprig_frame *parent, ...) {
 *       <evaluate callee, arguments, assignment target>
 *       uint32_t k = sprig_detach(parent);         // parent's continuation now stealable
 *       <call; store the result; destroy argument temporaries>
 *       sprig_leave_helper(parent);                // pop; if stolen, never returns
 *     }
 *
 * A frame is touched by at most one thread at a time except for `join` (atomic). The
 * thread allowed to touch the other fields is the *runner*: the worker running F's
 * continuation, or, while F is suspended at a sync, the worker that resumes it.
 *
 * ABI version and magic: generated code passes SPRIG_ABI_MAGIC to the runtime the first
 * time a thread enters a spawning function (__sprig_enter_root); the runtime compares
 * it with its own and aborts with a clear message if they differ. The magic hashes
 * the version and the layout of every structure shared across the boundary.
 *
 * No frame records its worker: code may change threads mid-function, so the worker is
 * always read from the thread (sprig_self) at the moment it is needed.
 *===----------------------------------------------------------------------===*/
#ifndef SPRIG_ABI_H
#define SPRIG_ABI_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define SPRIG_ABI_VERSION 6

/* sprig_frame.flags */
#define SPRIG_FRAME_STOLEN 0x1u    /* continuation stolen since the last sync: sync is slow */
#define SPRIG_FRAME_EXCEPTION 0x2u /* a child's exception waits to be rethrown at the sync */
#define SPRIG_FRAME_ROOT 0x4u      /* outermost spawning frame of a thread: leave unbinds */
#define SPRIG_FRAME_ENTERED 0x8u   /* sprig_enter_frame ran (generated code enters lazily,
                                      at the first spawn; until then flags is 0) */

struct sprig_worker;

/* One per invocation of a spawning function, allocated in its stack frame. */
typedef struct sprig_frame {
  /* [runner] SPRIG_FRAME_* bits. Tested by the inline sync and leave. */
  uint32_t flags;
  /* [runner] steals of this frame since its last sync; added to `join` at the sync. */
  uint32_t steals;
  /* [runner] __builtin_setjmp buffer: [0] frame pointer, [1] resume address, [2] stack
   * pointer, [3] shadow-stack pointer (only under -fcf-protection=return), [4] the
   * floating-point control state at the last suspending sync (SPRIG_FP_SAVE, by the
   * runtime: MXCSR in the low 32
   * bits, the x87 control word in bits 32..47), restored by a thief before it runs the
   * continuation. [0..3] are written at each spawn and at a suspending sync. */
  void *ctx[5];
  /* [atomic] join counter. Each child whose parent was stolen while it ran subtracts 1
   * when it ends; the runner adds `steals` at the sync. Whoever brings it to 0 from a
   * non-zero value resumes the frame at its sync (greedy join). Never positive before
   * the sync's add, so only a sync can be resumed. */
  int64_t join;
  /* [thief at the first steal since the last sync; read by the resumer] stack pointer of
   * the continuation on the frame's original stack, restored when the sync completes. */
  void *orig_sp;
  /* [runner, filled by a child ending with its parent stolen] the runtime's record of the
   * stack the frame lives on, so the resumer can switch back onto it. */
  void *orig_stack;
  /* [runtime] pending exceptions of children (see runtime/exception.cpp); 0 if none. */
  void *exceptions;
  /* [runner] SPRIG_ABI_MAGIC, written at entry, checked by every slow path. */
  uint32_t magic;
  /* [runner] children numbered so far in this sync epoch; a child's number orders
   * exceptions (serial order). Restarts at 0 when no child can be outstanding and none
   * left an exception; saturates at SPRIG_CHILD_MAX (never reaches ~0u, the "not
   * detached" marker of __sprig_child_threw). See sprig_detach. */
  uint32_t spawn_count;
} sprig_frame;

/* The part of a worker the inline fast paths touch. The runtime's full worker
 * (runtime/worker.h) starts with this struct. Chase-Lev deque of frames whose
 * continuations may be stolen; see runtime/deque.h for the protocol and its proof
 * obligations. Indices grow without bound; slots are buf[index & mask]. */
typedef struct sprig_worker_abi {
  /* ---- thief-written line ---- */
  /* [thieves: CAS; owner: load, CAS on the last entry] index of the oldest entry. */
  int64_t top __attribute__((aligned(64)));
  /* ---- owner-written line ---- */
  /* [owner: store; thieves: load] one past the newest entry. */
  int64_t bottom __attribute__((aligned(64)));
  /* [immutable after start] ring of frame pointers and its size - 1 (power of two). */
  sprig_frame **buf;
  int64_t mask;
  /* [owner] a push at index bottom <= limit cannot overflow: limit = mask + a value of
   * top the owner read earlier. top only grows, so the bound only errs on the safe side,
   * and the push never reads the thieves' line; past it, the push reads top
   * again. */
  int64_t limit;
  /* [owner] spawns made by this worker (SPRIG_STATS). */
  uint64_t spawns;
} sprig_worker_abi;

/* The fence protocol is part of the ABI: code and runtime must agree on it. */
#if defined(__x86_64__) && defined(__linux__) && (!defined(SPRIG_ASYMMETRIC_FENCE) || SPRIG_ASYMMETRIC_FENCE)
#define SPRIG_ASYMMETRIC_FENCE_ABI 1
#else
#define SPRIG_ASYMMETRIC_FENCE_ABI 0
#endif

/* Magic: version and layout, so a stale header and a new runtime never meet silently. */
#define SPRIG_ABI_MAGIC                                                                  \
  ((uint32_t)(0x5B1C0000u + SPRIG_ABI_VERSION * 0x101u + SPRIG_ASYMMETRIC_FENCE_ABI * 0x40000u + sizeof(sprig_frame) * 0x7u +   \
              offsetof(sprig_frame, join) * 0x3u + offsetof(sprig_frame, magic) +        \
              offsetof(sprig_worker_abi, bottom) * 0x5u + sizeof(sprig_worker_abi)))

/* ---- Runtime entry points (slow paths; exported by libsprig) ---- */

/* The worker bound to this thread, or 0 when the thread runs no Sprig computation.
 * Generated code reads it only through sprig_self(). */
extern __thread struct sprig_worker *__sprig_tls_worker;
/* Out-of-line sprig_self(), for targets without the inline sequence. */
struct sprig_worker *__sprig_current_worker(void);
/* Number of workers asleep waiting for work; a push wakes one when non-zero. */
extern int32_t __sprig_sleepers;
/* Always 0; read through memory so the optimiser must keep a dynamic alloca. */
extern size_t __sprig_zero;

/* First spawning frame on a thread that is not a worker: start the pool if needed, bind
 * the thread as a worker until this frame leaves. */
void __sprig_enter_root(sprig_frame *sf, uint32_t abi_magic);
/* The root frame leaves: return on the thread that entered it, unbind. */
void __sprig_leave_root(sprig_frame *sf);
/* A child ended and its parent was stolen. Never returns. */
__attribute__((noreturn)) void __sprig_child_done(struct sprig_worker *w, sprig_frame *parent);
/* Sync of a stolen frame, after SPRIG_SETJMP saved the resume point. Never returns:
 * the frame resumes at the setjmp (on its original stack) once all children ended. */
__attribute__((noreturn)) void __sprig_sync_suspend(sprig_frame *sf);
/* Deque overflow: spawn nesting deeper than the deque. Never returns. */
__attribute__((noreturn)) void __sprig_deque_overflow(struct sprig_worker *w);
/* Wake one sleeping worker (a push found sleepers). Defined `preserve_most` on x86-64
 * (it keeps every register but r11), declared here with the C convention: a C caller is
 * served correctly by a callee that preserves more. The plugin calls it `preserve_most`
 * and `nonlazybind` (through the GOT), so helpers need not keep the spawned call's
 * arguments in callee-saved registers across it. A `preserve_most` call through a lazily
 * bound PLT entry would be wrong: glibc's resolver clobbers r10 (docs/performance.md,
 * attempts 16 and 19). */
#if defined(SPRIG_RUNTIME_BUILD) && defined(__clang__) && defined(__x86_64__) && \
    defined(__ELF__)
#define SPRIG_WAKE_CC __attribute__((preserve_most)) /* the definition's view */
#else
#define SPRIG_WAKE_CC
#endif
SPRIG_WAKE_CC void __sprig_wake_one(void);
/* Rethrow the exception a child left in sf (C++ only; see runtime/exception.cpp). */
void __sprig_rethrow(sprig_frame *sf);
/* A spawned statement threw; `exn` is the in-flight exception (landing pad value).
 * Before the detach (`child` == ~0u) it is rethrown: it belongs to the parent, as in the
 * serial program. After, it is kept in the parent for its next sync. */
void __sprig_child_threw(sprig_frame *parent, void *exn, uint32_t child);
/* At a landing pad of a spawning function, after its sync: a child's exception (earlier
 * in serial order) replaces `exn`, the one in flight. Throws; never returns. */
void __sprig_exception_in_flight(sprig_frame *sf, void *exn);
/* sprig_leave_helper for a child that ended by throwing (its exception was kept). */
void __sprig_leave_helper_exc(sprig_frame *parent);
/* alloca and variable-length arrays in a spawning function come from a per-invocation
 * LIFO list of heap blocks headed by `*arena`, a local of that function (a stolen
 * continuation's stack is not the function's own): runtime/alloca.cpp. */
void *__sprig_alloca(void **arena, size_t size, size_t align);
/* Free the blocks allocated since `mark` (a former head; null: all of them). */
void __sprig_alloca_release(void **arena, void *mark);

/* ---- Inline fast paths ---- */

#define SPRIG_INLINE static inline __attribute__((always_inline))
#define SPRIG_UNLIKELY(x) __builtin_expect(!!(x), 0)

/* The worker running on this thread, read afresh each time. Code can change threads
 * in the middle of a function: a continuation is stolen, or a callee suspended at a sync
 * is resumed by another worker and returns there. A plain thread_local access lets the
 * optimiser reuse an address computed before such a call (the TLS-caching hazard of
 * OpenCilk PR #204), so the initial-exec sequence sits in a volatile asm. */
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

/* Entry of a spawning function: a non-worker thread becomes one for the duration. */
SPRIG_INLINE void sprig_enter_frame(sprig_frame *sf) {
  sf->flags = SPRIG_FRAME_ENTERED;
  sf->steals = 0;
  sf->join = 0;
  sf->exceptions = 0;
  sf->spawn_count = 0;
  sf->magic = SPRIG_ABI_MAGIC;
  if (SPRIG_UNLIKELY(sprig_self() == 0))
    __sprig_enter_root(sf, SPRIG_ABI_MAGIC);
}

/* Capture the continuation: 0 now, 1 when a thief (or the resumer of a sync) jumps in.
 * Must expand inside the spawning function itself, hence a macro. */
#define SPRIG_SETJMP(sf) __builtin_setjmp((sf)->ctx)

/* Deque, owner side (runtime/deque.h has the protocol and the thief side).
 * Push. Memory ordering: the slot store is relaxed; the release store of `bottom` makes it
 * (and every write the parent made before the spawn, its saved context included) visible
 * to a thief whose acquire load of `bottom` reads the new value. */
SPRIG_INLINE void sprig_deque_push(struct sprig_worker *w, sprig_frame *f) {
  sprig_worker_abi *d = (sprig_worker_abi *)w;
  int64_t b = d->bottom; /* owner-private write, so a plain read is exact */
  if (SPRIG_UNLIKELY(b > d->limit)) { /* else b - top <= b - (limit - mask) <= mask */
    /* Past the bound: read top again (relaxed: any value at least as new as the one
     * limit came from keeps the bound safe). Inline, so that no call that returns sits
     * on the spawn path (it would make the helper keep more registers). */
    d->limit = __atomic_load_n(&d->top, __ATOMIC_RELAXED) + d->mask;
    if (SPRIG_UNLIKELY(b > d->limit))
      __sprig_deque_overflow(w);
  }
  __atomic_store_n(&d->buf[b & d->mask], f, __ATOMIC_RELAXED);
  __atomic_store_n(&d->bottom, b + 1, __ATOMIC_RELEASE);
}

/* The owner's half of the store-load fence of the pop. Chase-Lev needs a StoreLoad
 * fence between the owner's store of bottom and its load of top (a seq_cst fence: mfence,
 * about 9 ns here, the one fence on the spawn path). With SPRIG_ASYMMETRIC_FENCE (default
 * on x86-64 Linux) it is only a compiler barrier, and the thief pays instead: it runs a
 * process-wide barrier (membarrier(2) PRIVATE_EXPEDITED, runtime/barrier.cpp) between its
 * loads of top and bottom, which executes a full fence on every running thread of the
 * process. Either the owner's store of bottom precedes that fence on the owner's CPU (the
 * thief then sees it), or the owner's load of top follows it (the owner then sees the top
 * the thief read, and arbitrates the last entry with a CAS). Asymmetric Dekker (Dice et
 * al.); steals are rare, so the cost moves where it is paid least. */
#ifndef SPRIG_ASYMMETRIC_FENCE
#if defined(__x86_64__) && defined(__linux__)
#define SPRIG_ASYMMETRIC_FENCE 1
#else
#define SPRIG_ASYMMETRIC_FENCE 0
#endif
#endif
#if SPRIG_ASYMMETRIC_FENCE
#define SPRIG_OWNER_FENCE() __atomic_signal_fence(__ATOMIC_SEQ_CST)
#else
#define SPRIG_OWNER_FENCE() __atomic_thread_fence(__ATOMIC_SEQ_CST)
#endif

/* An emptied deque whose indices are this many slots (or more) into the ring starts the
 * next lap at slot 0 (sprig_deque_rebase). Same value as config::kDequeRebaseSlots. */
#define SPRIG_DEQUE_REBASE_SLOTS 4096
/* Indices past this are never rebased (the ring then walks, and wraps, as it always did):
 * a rebase adds up to a ring's size to the indices, which must not overflow int64_t. */
#define SPRIG_DEQUE_REBASE_MAX_INDEX (INT64_C(1) << 62)

/* The deque of `d` is empty with top == bottom == t, and the owner is the only one who
 * can change either (see the callers). Every pop of a last entry advances both indices
 * by one, so an owner that spawns and pops one entry at a time walks its whole ring (8
 * MiB at the default depth) and keeps every page of it resident. When t is
 * SPRIG_DEQUE_REBASE_SLOTS or more into the ring, move both to the start of the next lap
 * (a multiple of the ring's size: slot 0), so only the first pages are ever touched.
 * Indices stay monotone, so the no-ABA argument of the protocol is unchanged: a thief
 * holding an older top fails its CAS.
 * Memory ordering: top first, then bottom with RELEASE. A thief that reads the new bottom
 * (acquire; this store or a later push's, which is RELEASE too and sequenced after)
 * therefore also sees the new top in its CAS (an RMW reads the latest top, and the store
 * of top happens-before it): its CAS from the old top fails. A thief that reads the new
 * top with the old bottom sees top >= bottom: empty. No thief can move top meanwhile:
 * with top == bottom nothing is stealable, and a thief with an older top fails its CAS.
 * `limit` is the owner's and follows top (the push's bound stays exact). */
SPRIG_INLINE void sprig_deque_rebase(sprig_worker_abi *d, int64_t t) {
  if (__builtin_expect((t & d->mask) < SPRIG_DEQUE_REBASE_SLOTS || t >= SPRIG_DEQUE_REBASE_MAX_INDEX, 1))
    return;
  int64_t next = (t | d->mask) + 1; /* start of the next lap */
  __atomic_store_n(&d->top, next, __ATOMIC_RELAXED);
  __atomic_store_n(&d->bottom, next, __ATOMIC_RELEASE);
  d->limit = next + d->mask;
}

/* Pop the newest entry: 1 if we got it back, 0 if a thief took it.
 * Memory ordering (Chase-Lev, Le et al. 2013): the store of bottom, then the owner fence
 * (above) that pairs with the thief's fence between its loads of top and bottom, so
 * either we see the thief's increment of top or the thief sees our decrement. */
SPRIG_INLINE int sprig_deque_pop(struct sprig_worker *w) {
  sprig_worker_abi *d = (sprig_worker_abi *)w;
  int64_t b = d->bottom - 1;
  __atomic_store_n(&d->bottom, b, __ATOMIC_RELAXED);
  SPRIG_OWNER_FENCE(); /* pairs with thief_fence() in deque_steal */
  int64_t t = __atomic_load_n(&d->top, __ATOMIC_RELAXED);
  if (__builtin_expect(t < b, 1))
    return 1; /* more entries above ours: a thief cannot have reached it */
  if (t == b) {
    /* Ours is the last entry: race the thieves for it with a CAS on top. */
    int won = __atomic_compare_exchange_n(&d->top, &t, t + 1, 0, __ATOMIC_SEQ_CST,
                                          __ATOMIC_RELAXED);
    __atomic_store_n(&d->bottom, b + 1, __ATOMIC_RELAXED);
    /* Empty now, top == bottom == b + 1 (whoever won the CAS moved top there), and no
     * thief can move top from it (nothing to steal; an older top fails its CAS). */
    sprig_deque_rebase(d, b + 1);
    return won;
  }
  /* t > b: a thief took it, so t == b + 1 (top never passes the old bottom); empty. */
  __atomic_store_n(&d->bottom, b + 1, __ATOMIC_RELAXED);
  sprig_deque_rebase(d, b + 1);
  return 0;
}

/* The largest child number: ~0u is the "not detached" marker of __sprig_child_threw. */
#define SPRIG_CHILD_MAX 0xFFFFFFFEu

/* Save the floating-point control state (rounding mode, exception masks, flush-to-zero,
 * x87 precision) into ctx[4]. The runtime does it at a suspending sync (the resumer
 * restores it). Not at each spawn, as cheetah does: stmxcsr + fnstcw made a spawn 35%
 * slower (fib); a thief takes the state of its victim's computation instead
 * (runtime/fpstate.h). */
#if defined(__x86_64__)
#define SPRIG_FP_SAVE(sf)                                                                  \
  do {                                                                                  \
    __asm__ volatile("stmxcsr %0" : "=m"(*(uint32_t *)&(sf)->ctx[4]));                  \
    __asm__ volatile("fnstcw %0" : "=m"(*((uint16_t *)&(sf)->ctx[4] + 2)));             \
  } while (0)
#else
#define SPRIG_FP_SAVE(sf) ((void)(sf))
#endif

/* In the helper, after the arguments are evaluated: publish the parent's continuation.
 * Returns the child's number in the parent (orders exceptions, serially).
 * Numbering: children are numbered only to order the exceptions of one sync epoch when
 * they may run in parallel. When the parent is neither stolen nor holding a child's
 * exception, every earlier child has ended (nothing was stolen, so each ran to its end
 * before the continuation went on) and none threw: numbering restarts at 0. Otherwise
 * the count goes on, saturating at SPRIG_CHILD_MAX: it can never wrap onto ~0u. Past
 * 2^32 - 2 children in one stolen epoch (no sync in between) children share the last
 * number, and of two of them that throw, the first recorded is kept. While the parent is
 * not stolen, children end in serial order, so equal numbers keep the serial first. */
SPRIG_INLINE uint32_t sprig_detach(sprig_frame *parent) {
  struct sprig_worker *w = sprig_self();
  /* before the push: the parent is ours still */
  uint32_t child = (parent->flags & (SPRIG_FRAME_STOLEN | SPRIG_FRAME_EXCEPTION))
                       ? parent->spawn_count
                       : 0;
  parent->spawn_count = child + (child < SPRIG_CHILD_MAX);
  sprig_deque_push(w, parent);
  ((sprig_worker_abi *)w)->spawns++;
  if (SPRIG_UNLIKELY(__atomic_load_n(&__sprig_sleepers, __ATOMIC_RELAXED) != 0))
    __sprig_wake_one();
  return child;
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

/* Sync: fast when the frame was not stolen since its last sync (one load and a branch). */
#define SPRIG_SYNC(sf)                                                                  \
  do {                                                                                  \
    if (SPRIG_UNLIKELY((sf)->flags & (SPRIG_FRAME_STOLEN | SPRIG_FRAME_EXCEPTION))) {   \
      if (((sf)->flags & SPRIG_FRAME_STOLEN) && __builtin_setjmp((sf)->ctx) == 0)       \
        __sprig_sync_suspend(sf);                                                       \
      if ((sf)->flags & SPRIG_FRAME_EXCEPTION)                                          \
        __sprig_rethrow(sf);                                                            \
    }                                                                                   \
  } while (0)

/* Exit of a spawning function, after its implicit sync. */
SPRIG_INLINE void sprig_leave_frame(sprig_frame *sf) {
  if (SPRIG_UNLIKELY(sf->flags & SPRIG_FRAME_ROOT))
    __sprig_leave_root(sf);
}

/* Make every local of a spawning function addressable from the frame pointer, and keep
 * outgoing-call space out of the prologue: a dynamic alloca the optimiser cannot remove
 * (the plugin achieves the same in IR). After a steal the continuation runs with the
 * frame pointer on the old stack and the stack pointer on a new one (cactus stack). */
#define SPRIG_FORCE_FRAME()                                                             \
  do {                                                                                  \
    void *sprig_dyn_ = __builtin_alloca(__sprig_zero);                                  \
    __asm__ volatile("" : : "r"(sprig_dyn_) : "memory");                                \
  } while (0)

#ifdef __cplusplus
} /* extern "C" */
#endif
#endif /* SPRIG_ABI_H */

/*===- sprig/deque.h - the per-worker split deque of continuations ---------===*
 *
 * The whole deque in one place: its state (sprig_worker_abi), the owner's fast paths,
 * which run inline in generated code (push at a spawn, pop when the spawned child
 * returns: sprig_detach and sprig_leave_helper in sprig/abi.h, linked into lowered code
 * from abi.bc), and the thief's steal, which only the runtime's scheduler uses. The
 * owner's slow paths are in the runtime (runtime/deque.cpp). C, because
 * runtime/abi_bitcode.c compiles it to the bitcode the plugin links; included by
 * sprig/abi.h (include that, not this).
 *
 * Entries are frames (sprig_frame*) whose continuation may be stolen. The deque is a
 * Chase-Lev ring split in two (the split deque of Lace: T. van Dijk, J. van de Pol,
 * Euro-Par 2014; orderings after Le, Pop, Cohen, Zappa Nardelli, PPoPP 2013):
 *
 *     top            split                 bottom
 *      | public: thieves |  private: the owner's |
 *
 *  - [top, split) is public: thieves steal its oldest entry, `top`, with a CAS.
 *  - [split, bottom) is private: the owner pushes and pops there with no fence and no
 *    atomic read-modify-write, and no thief reads or writes that part's indices.
 *  - A thief that finds the public part empty asks the owner for work (`request`): it
 *    lowers the owner's push bound (`limit`) and raises its pop bound (`pop_bound`), so
 *    the owner's next push or pop takes its slow path, which moves `split` up over half
 *    of the private entries (the oldest ones: they carry the most work). The request
 *    costs the fast paths nothing: they compare against `limit` and `pop_bound` anyway.
 *  - The owner pops a public entry (one it published and nobody stole) in its slow
 *    path: it moves split down, runs a seq_cst fence and reads top, arbitrating the
 *    last entry with a CAS, as Chase-Lev's pop.
 *  - A request the owner leaves unanswered for config::kForceStealNs (it runs a long
 *    stretch of code without spawning or returning from a child: a loop whose children
 *    run long) is forced: one thief takes the oldest private entry itself after a
 *    process-wide barrier (runtime/barrier.cpp), with the owner's pops sent to their
 *    fenced slow path first. That is the only barrier left, one per unanswered request,
 *    not one per steal.
 *
 * Rules: top only grows; split and bottom move both ways; indices grow without bound
 * (but see sprig_deque_rebase); slots are buf[index & mask]. top <= split <= bottom,
 * except that a forced steal may move top past split (the owner repairs split at its
 * next slow path; thieves see the public part empty meanwhile). The ring never grows:
 * its size bounds the spawn nesting on one worker, and overflow is a clear fatal error.
 *
 * Memory ordering (each fence names its partner):
 *  - push: slot store relaxed, bottom store RELEASE. Thieves do not read bottom to steal;
 *    the entry becomes stealable when the owner publishes it: split store RELEASE, which
 *    pairs with the thief's ACQUIRE load of split (the frame's saved context, written
 *    before the push, is visible to a thief that sees the entry public). A forced thief
 *    reads bottom ACQUIRE, pairing with the push's release.
 *  - pop, fast path: bottom store, a compiler barrier, pop_bound load. An entry at
 *    index >= pop_bound is private (pop_bound >= split while no request is pending).
 *    The compiler barrier is the owner's half of the forced steal's asymmetric fence.
 *  - pop, slow path of a public entry: split store, FENCE(seq_cst), top load: pairs with
 *    the thief's fence between its loads of top and split (Chase-Lev's pair).
 *  - steal: top load ACQUIRE, FENCE(seq_cst), split load ACQUIRE, slot load, the
 *    thief's announcement of the frame (store seq_cst; see sprig_stolen_resume_pc in
 *    sprig/abi.h and child_done in runtime/scheduler.cpp), CAS(top) seq_cst (decides
 *    between thieves, and against the owner's CAS on a last entry).
 *  - request: see runtime/deque.cpp, which owns the request protocol's both halves.
 *===----------------------------------------------------------------------===*/
#ifndef SPRIG_DEQUE_H
#define SPRIG_DEQUE_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

struct sprig_frame;  /* sprig/abi.h */
struct sprig_worker; /* opaque: the runtime's worker, which starts with sprig_worker_abi */

/* Attributes of every inline path of sprig/abi.h and of this header. */
#define SPRIG_INLINE static inline __attribute__((always_inline))
#define SPRIG_UNLIKELY(x) __builtin_expect(!!(x), 0)

/* Checks of the deque's invariants on the owner's inline paths, for the runtime's own
 * uses of them in its assertion build (SPRIG_ASSERTIONS, runtime/assertions.h): only a
 * translation unit of the runtime (SPRIG_RUNTIME_BUILD) built with SPRIG_ASSERTIONS=1
 * gets them. Everywhere else (user code, hand-lowered tests, the plugin's abi.bc) they
 * expand to nothing, so that generated code is the same whatever the runtime's build. */
#if defined(SPRIG_RUNTIME_BUILD) && defined(SPRIG_ASSERTIONS) && SPRIG_ASSERTIONS
__attribute__((noreturn, cold, visibility("hidden"))) void
__sprig_assert_fail(const char *file, int line, const char *cond, const char *msg);
#define SPRIG_ABI_ASSERT(cond, msg)                                                        \
  (SPRIG_UNLIKELY(!(cond)) ? __sprig_assert_fail(__FILE__, __LINE__, #cond, msg) : (void)0)
#else
#define SPRIG_ABI_ASSERT(cond, msg) ((void)0)
#endif

/* The deque, as the inline fast paths see it: the part of a worker generated code
 * touches. The runtime's full worker (runtime/worker.h) starts with this struct
 * (runtime/abi_layout.cpp checks it), so generated code casts its sprig_worker* here.
 * Two 64-byte lines (checked in sprig/abi.h): the thieves' line, which thieves read at
 * every look and the owner writes only in its slow paths, and the owner's line, which
 * the fast paths read and write and a thief writes only to post a request. */
typedef struct sprig_worker_abi {
  /* ---- the thieves' line ---- */
  /* [thieves: CAS; owner: CAS on a last public entry, store when the deque is empty
   * (rebase)] index of the oldest entry. */
  int64_t top __attribute__((aligned(64)));
  /* [owner: store (release when it grows); thieves: load acquire] one past the newest
   * public entry. */
  int64_t split;
  /* [thieves: CAS; owner: CAS, in its slow paths] the request state:
   * SPRIG_REQUEST_NONE, _PENDING (a thief asked for work), _FORCING (a thief is taking
   * a private entry after a barrier), _DECLINED (the owner had only a lone entry it
   * pushes and pops faster than a steal pays off; runtime/deque.cpp). */
  int32_t request;
  int32_t reserved_;
  /* [thieves: store] when the pending request was made (CLOCK_MONOTONIC, ns). */
  int64_t request_ns;
  /* ---- the owner's line ---- */
  /* [owner: store; thieves: relaxed loads (is there work?), an acquire load in a forced
   * steal] one past the newest entry. */
  int64_t bottom __attribute__((aligned(64)));
  /* [immutable after start] ring of frame pointers and its size - 1 (power of two). */
  struct sprig_frame **buf;
  int64_t mask;
  /* [owner: load, store; a requesting thief, a worker going to sleep: store INT64_MIN]
   * a push at index bottom <= limit cannot overflow and has nothing else to do:
   * limit = seg_base + mask, so a push never overwrites the slot of an entry of the
   * current segment, even one a thief took (seg_base <= top: the bound only errs on the
   * safe side, and the push never reads the thieves' line). Past it the push calls the
   * runtime (a thief's request, a sleeper to wake) or reports the overflow.
   * Writers other than the owner lower it: the fast path's test carries their requests
   * and costs the spawn path nothing. */
  int64_t limit;
  /* [owner: load, store; a requesting thief: store INT64_MAX] a pop of index
   * b >= pop_bound takes a private entry (pop_bound = split while no request is
   * pending); below it the pop calls the runtime (a public entry, or a request). */
  int64_t pop_bound;
  /* [owner] spawns made by this worker (SPRIG_STATS). */
  uint64_t spawns;
  /* The current segment: the work the owner began when its deque was last empty and it
   * started a stolen continuation, resumed a frame at a sync or a scope's exit, or bound
   * as a root (runtime/cancel.cpp). Its entries [seg_base, bottom) are the spawn
   * ancestors of the running strand on this worker: those at or above top are ours,
   * those below were taken by thieves (their children still run here). seg_up is the
   * nearest spawn ancestor below them (a stolen frame, linked by sprig_frame.up), or 0.
   * [owner: relaxed stores at a segment's start and when a pop empties the deque
   * (__sprig_pop_slow); thieves: relaxed loads between their acquire of split (or, forcing,
   * of bottom) and their CAS, which the CAS confirms: the owner changes them only when
   * its deque is empty, which moves top past the entry the thief CASes for.] */
  int64_t seg_base;
  struct sprig_frame *seg_up;
} sprig_worker_abi;

/* sprig_worker_abi.request */
#define SPRIG_REQUEST_NONE 0
#define SPRIG_REQUEST_PENDING 1
#define SPRIG_REQUEST_FORCING 2
#define SPRIG_REQUEST_DECLINED 3

/* The owner's half of the forced steal's asymmetric fence: only a compiler barrier. The
 * thief pays instead: a process-wide barrier (membarrier(2) PRIVATE_EXPEDITED,
 * runtime/barrier.cpp) between its store of pop_bound and its load of bottom, which
 * executes a full fence on every running thread of the process. Either the owner's
 * store of bottom precedes that fence on the owner's CPU (the thief sees it), or the
 * owner's load of pop_bound follows it (the owner sees the raised bound and pops in its
 * fenced slow path). Asymmetric Dekker (Dice et al.), paid once per forced steal.
 * Pairs with __sprig_process_barrier in the forced steal (runtime/deque.cpp). */
#define SPRIG_OWNER_FENCE() __atomic_signal_fence(__ATOMIC_SEQ_CST)

/* Deque overflow: spawn nesting deeper than the deque. Never returns. (Runtime entry
 * point, listed with the others in sprig/abi.h.) */
__attribute__((noreturn)) void __sprig_deque_overflow(struct sprig_worker *w);
/* A full fence on every running thread of the process (runtime/barrier.cpp): the
 * forced steal's half of the asymmetric fence. Runtime only. */
void __sprig_process_barrier(void);

/* Number of workers asleep waiting for work (runtime/sleep.cpp). */
extern int32_t __sprig_sleepers;
/* The owner's slow paths (runtime/deque.cpp): the push past its bound (serve a request,
 * wake a sleeper) and the pop below its bound (a public entry, or a request; returns 1
 * if the entry at index b is the owner's, 0 if a thief took it). Defined
 * `preserve_most` on x86-64 (they keep every register but r11, and rax for the result),
 * declared here with the C convention: a C caller is served correctly by a callee that
 * preserves more. The plugin calls them `preserve_most` and `nonlazybind` (through the
 * GOT), so a helper need not keep the spawned call's arguments, or the frame pointer
 * it passes to the child-done path, in callee-saved registers across them. A
 * `preserve_most` call through a lazily bound PLT entry would be wrong: glibc's lazy
 * binding resolver does not preserve r10, where a helper may keep a value across the
 * call (test/lit/exec/wake-sleeping-workers.cpp guards it). */
#if defined(SPRIG_RUNTIME_BUILD) && defined(__clang__) && defined(__x86_64__) &&           \
    defined(__ELF__)
#define SPRIG_WAKE_CC __attribute__((preserve_most)) /* the definition's view */
#else
#define SPRIG_WAKE_CC
#endif
SPRIG_WAKE_CC void __sprig_push_slow(void);
SPRIG_WAKE_CC int __sprig_pop_slow(int64_t b);

#if defined(__has_feature)
#if __has_feature(thread_sanitizer)
#define SPRIG_HAS_TSAN_ 1
#endif
#endif
#ifndef SPRIG_HAS_TSAN_
#define SPRIG_HAS_TSAN_ 0
#endif
/* The owner's plain-x86 accesses below (volatile in place of relaxed or release atomics)
 * apply on x86-64 outside ThreadSanitizer; everywhere else they are the atomics. */
#if defined(__x86_64__) && !defined(__SANITIZE_THREAD__) && !SPRIG_HAS_TSAN_
#define SPRIG_OWNER_VOLATILE_ 1
#else
#define SPRIG_OWNER_VOLATILE_ 0
#endif

/* ==== Owner side (inline in generated code) ==== */

/* A relaxed load that the compiler may fold into the instruction using it (x86-64:
 * `cmp mem, reg` instead of a load and a compare, one instruction less). LLVM keeps an
 * atomic load, even a relaxed one, out of such folds; it folds a volatile one. On
 * x86-64 an aligned 8-byte volatile load is one `mov` or a memory operand, never torn
 * or repeated, and the compiler keeps it in its place relative to other volatile
 * accesses and to the compiler barriers around it (SPRIG_OWNER_FENCE): what the relaxed
 * atomic load gave, the Linux kernel's READ_ONCE. Under ThreadSanitizer, and on other
 * targets, it stays an atomic load (a volatile read racing with an atomic write would
 * be reported). Used only for values that concurrent writers change atomically:
 * `limit` and `pop_bound`. */
#if SPRIG_OWNER_VOLATILE_
#define SPRIG_RACY_LOAD(p) (*(const volatile int64_t *)(p))
#else
#define SPRIG_RACY_LOAD(p) __atomic_load_n((p), __ATOMIC_RELAXED)
#endif
/* The owner's `*p -= 1`, then its new value: on x86-64 a volatile decrement and a
 * volatile read, which the backend emits as `decq mem; movq mem, reg` (two instructions;
 * the plain load, subtract and relaxed store take three). Only the owner writes *p, so
 * the read gives back what it stored; others read *p with atomic loads and see the old
 * or the new value, an aligned 8-byte store being one untorn write: the relaxed store's
 * semantics. Atomic under ThreadSanitizer and elsewhere (the plugin also turns the
 * bitcode's volatile accesses into relaxed atomics in TSan modules: RuntimeABI::link). */
#if SPRIG_OWNER_VOLATILE_
#define SPRIG_OWNER_DECREMENT(p)                                                           \
  (*(volatile int64_t *)(p) = *(volatile int64_t *)(p) - 1, *(volatile int64_t *)(p))
#else
#define SPRIG_OWNER_DECREMENT(p) sprig_owner_decrement_((p))
#endif
/* The push's `*p = b + 1` with release semantics, where b is *p (the owner's own word):
 * on x86-64 a compiler barrier, then a volatile increment in place, `incq mem`, one
 * instruction where `incq reg; movq reg, mem` takes two. Every store before it, the
 * slot's included, stays before it (the barrier; x86 keeps stores in order), which is
 * what the release gave, as the Linux kernel's smp_store_release. Release atomic under
 * ThreadSanitizer and elsewhere (the plugin makes the bitcode's volatile stores release
 * atomics in TSan modules, so TSan keeps the push-to-steal edge). */
#if SPRIG_OWNER_VOLATILE_
#define SPRIG_OWNER_PUBLISH_INCREMENT(p, b)                                                \
  do {                                                                                     \
    (void)(b);                                                                             \
    __atomic_signal_fence(__ATOMIC_SEQ_CST);                                               \
    *(volatile int64_t *)(p) = *(volatile int64_t *)(p) + 1;                               \
  } while (0)
#else
#define SPRIG_OWNER_PUBLISH_INCREMENT(p, b) __atomic_store_n((p), (b) + 1, __ATOMIC_RELEASE)
#endif
SPRIG_INLINE int64_t sprig_owner_decrement_(int64_t *p) {
  int64_t v = *p - 1; /* owner-private write, so a plain read is exact */
  /* Release, not relaxed: a forced thief's acquire load of bottom may read this value
   * rather than the push's, and must still see the entries below it (since C++20 a
   * later relaxed store of the same thread no longer continues the push's release
   * sequence; ThreadSanitizer follows that rule). A plain store on x86. */
  __atomic_store_n(p, v, __ATOMIC_RELEASE);
  return v;
}

/* Push. Memory ordering: the slot store is relaxed; the release store of `bottom`
 * orders it (and every write the parent made before the spawn, its saved context
 * included) before any later publication of the entry (split's release store, in the
 * slow path) and for a forced thief's acquire load of bottom. `limit` is read and
 * written relaxed: others only lower it, to ask for the slow path; an owner's refresh
 * racing with a sleeper's store may undo it, which loses one wake-up that the sleeper's
 * timeout bounds (runtime/sleep.cpp); a thief's request cannot be lost that way
 * (runtime/deque.cpp orders the refresh before the request is cleared). */
SPRIG_INLINE void sprig_deque_push(struct sprig_worker *w, struct sprig_frame *f) {
  sprig_worker_abi *d = (sprig_worker_abi *)w;
  int64_t b = d->bottom; /* owner-private write, so a plain read is exact */
  SPRIG_ABI_ASSERT(__atomic_load_n(&d->split, __ATOMIC_RELAXED) <= b,
                   "split <= bottom (the owner's push)");
  if (SPRIG_UNLIKELY(b > SPRIG_RACY_LOAD(&d->limit))) {
    /* else b - top <= b - (limit - mask) <= mask. Past the bound (or lowered by a thief
     * or a sleeper): recompute it from seg_base (the owner's own, in its line). The
     * overflow test is here, inline, because it
     * must come before the slot's store. The store and the increment are repeated in
     * this branch, not shared with the fast path behind a flag: the backend would test
     * the flag (or the bound again) on the fast path. */
    int64_t limit = __atomic_load_n(&d->seg_base, __ATOMIC_RELAXED) + d->mask;
    __atomic_store_n(&d->limit, limit, __ATOMIC_RELAXED);
    if (SPRIG_UNLIKELY(b > limit))
      __sprig_deque_overflow(w);
    __atomic_store_n(&d->buf[b & d->mask], f, __ATOMIC_RELAXED);
    SPRIG_OWNER_PUBLISH_INCREMENT(&d->bottom, b); /* release: see above */
    __sprig_push_slow(); /* after the push, so that it can publish this very entry */
    return;
  }
  __atomic_store_n(&d->buf[b & d->mask], f, __ATOMIC_RELAXED);
  SPRIG_OWNER_PUBLISH_INCREMENT(&d->bottom, b); /* release: see above */
}

/* An emptied deque whose indices are this many slots (or more) into the ring starts the
 * next lap at slot 0 (sprig_deque_rebase). Same value as config::kDequeRebaseSlots
 * (runtime/abi_layout.cpp checks it). */
#define SPRIG_DEQUE_REBASE_SLOTS 4096
/* Indices past this are never rebased (the ring then walks, and wraps, as it always did):
 * a rebase adds up to a ring's size to the indices, which must not overflow int64_t. */
#define SPRIG_DEQUE_REBASE_MAX_INDEX (INT64_C(1) << 62)

/* Pop the newest entry: 1 if we got it back, 0 if a thief took it. The fast path is a
 * private entry: no fence, no read of the thieves' line. The compiler barrier keeps the
 * store of bottom before the load of pop_bound (the forced steal's asymmetric pair). */
SPRIG_INLINE int sprig_deque_pop(struct sprig_worker *w) {
  sprig_worker_abi *d = (sprig_worker_abi *)w;
  int64_t b = SPRIG_OWNER_DECREMENT(&d->bottom); /* bottom - 1, stored (relaxed) */
  SPRIG_ABI_ASSERT(__atomic_load_n(&d->split, __ATOMIC_RELAXED) <= b + 1,
                   "split <= bottom before the owner's pop");
  SPRIG_OWNER_FENCE(); /* pairs with the forced steal's process-wide barrier */
  if (__builtin_expect(b >= SPRIG_RACY_LOAD(&d->pop_bound), 1))
    return 1; /* a private entry: no thief may take it */
  return __sprig_pop_slow(b);
}

/* ==== Thief side (the runtime's scheduler loop) ==== */

/* A spin-wait hint to the CPU (x86 `pause`, Arm `yield`). */
SPRIG_INLINE void sprig_cpu_relax(void) {
#if defined(__x86_64__)
  __builtin_ia32_pause();
#elif defined(__aarch64__)
  __asm__ volatile("yield");
#endif
}

typedef enum sprig_steal_status {
  SPRIG_STEAL_EMPTY, /* nothing public to take */
  SPRIG_STEAL_LOST,  /* another thief, or the owner popping the last entry, won the CAS */
  SPRIG_STEAL_WON    /* *frame is ours: its continuation may be resumed */
} sprig_steal_status;

/* Does `d` show a public entry? Relaxed loads of the thieves' line only: it decides
 * whether to try, sprig_deque_steal decides. */
SPRIG_INLINE int sprig_deque_has_public(const sprig_worker_abi *d) {
  return __atomic_load_n(&d->top, __ATOMIC_RELAXED) <
         __atomic_load_n(&d->split, __ATOMIC_RELAXED);
}

/* The spawn ancestor of entry t of `d`'s current segment: the entry below it, or the
 * segment's own ancestor (sprig_worker_abi.seg_up). Read by a thief before its CAS for
 * entry t, after its acquire of the load (split, or bottom when forcing) that showed the
 * entry: the owner wrote every entry below t and the segment's fields before it pushed
 * entry t, and changes them only after its deque empties, which moves top past t and
 * makes the CAS fail. Below the CAS the values are then exact; a thief whose CAS fails
 * drops them. The ring slot below t is not overwritten while entry t is in the deque: a
 * push never passes seg_base + mask (`limit`). */
SPRIG_INLINE struct sprig_frame *sprig_deque_ancestor_of(const sprig_worker_abi *d,
                                                         int64_t t) {
  if (t > __atomic_load_n(&d->seg_base, __ATOMIC_RELAXED))
    return __atomic_load_n(&d->buf[(t - 1) & d->mask], __ATOMIC_RELAXED);
  return __atomic_load_n(&d->seg_up, __ATOMIC_RELAXED);
}

/* Take the oldest public entry of `d` into *frame (written only when SPRIG_STEAL_WON).
 * `announce`, unless null: the thief's announcement (Worker::resume_pc_of), set to the
 * entry's frame before the CAS, seq_cst, so that a worker whose pop fails because the CAS
 * took the entry sees it, and keeps the stack holding the continuation's resume point
 * until the thief has read it and withdrawn the announcement (sprig_stolen_resume_pc).
 * `up`, unless null: the entry's spawn ancestor (sprig_deque_ancestor_of), written with
 * *frame. */
SPRIG_INLINE sprig_steal_status sprig_deque_steal(sprig_worker_abi *d,
                                                  struct sprig_frame **frame,
                                                  struct sprig_frame **announce,
                                                  struct sprig_frame **up) {
  /* acquire (Le et al.): synchronises with the CAS (seq_cst) that moved top here. */
  int64_t t = __atomic_load_n(&d->top, __ATOMIC_ACQUIRE);
  /* pairs with the fence of the owner's pop of a public entry (runtime/deque.cpp,
   * take_back_public): either it sees our CAS's top or we see its lowered split. */
  __atomic_thread_fence(__ATOMIC_SEQ_CST);
  int64_t s = __atomic_load_n(&d->split, __ATOMIC_ACQUIRE); /* pairs with the publish */
  if (t >= s)
    return SPRIG_STEAL_EMPTY;
  struct sprig_frame *f = __atomic_load_n(&d->buf[t & d->mask], __ATOMIC_RELAXED);
  struct sprig_frame *anc = up ? sprig_deque_ancestor_of(d, t) : 0;
  if (announce) /* before the CAS, which it must precede (seq_cst, as the CAS) */
    __atomic_store_n(announce, f, __ATOMIC_SEQ_CST);
  /* seq_cst: arbitrates against other thieves and against the owner's CAS on the last
   * public entry. */
  if (!__atomic_compare_exchange_n(&d->top, &t, t + 1, 0, __ATOMIC_SEQ_CST,
                                   __ATOMIC_RELAXED))
    return SPRIG_STEAL_LOST;
  *frame = f;
  if (up)
    *up = anc;
  return SPRIG_STEAL_WON;
}

/* Are there entries, public or private? Relaxed loads, one of them of the owner's line:
 * only for the decision to sleep (runtime/sleep.cpp), never on a steal. */
SPRIG_INLINE int sprig_deque_looks_empty(const sprig_worker_abi *d) {
  return __atomic_load_n(&d->top, __ATOMIC_RELAXED) >=
         __atomic_load_n(&d->bottom, __ATOMIC_RELAXED);
}

#ifdef __cplusplus
} /* extern "C" */
#endif
#endif /* SPRIG_DEQUE_H */

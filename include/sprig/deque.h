/*===- sprig/deque.h - the per-worker Chase-Lev deque of continuations ----===*
 *
 * The whole deque in one place: its state (sprig_worker_abi), the owner's operations,
 * which run inline in generated code (push at a spawn, pop when the spawned child
 * returns: sprig_detach and sprig_leave_helper in sprig/abi.h, linked into lowered code
 * from abi.bc), and the thief's (the steal and the checks before it), which only the
 * runtime's scheduler loop uses. C, because runtime/abi_bitcode.c compiles it to the
 * bitcode the plugin links; included by sprig/abi.h (include that, not this).
 *
 * Papers: D. Chase, Y. Lev, "Dynamic circular work-stealing deque", SPAA 2005
 * (doi 10.1145/1073970.1073974); N. M. Le, A. Pop, A. Cohen, F. Zappa Nardelli,
 * "Correct and efficient work-stealing for weak memory models", PPoPP 2013
 * (doi 10.1145/2442516.2442524), whose C11 orderings we follow.
 *
 * Entries are frames (sprig_frame*) whose continuation may be stolen. Rules:
 *  - Only the owner pushes and pops, at the bottom: push = sprig_detach, pop =
 *    sprig_leave_helper.
 *  - Anyone else may only steal, at the top: the oldest entry, i.e. the outermost
 *    continuation, which carries the most work (work-first / busy-leaves).
 *  - top only grows; bottom moves both ways; the entries live in [top, bottom).
 *    Indices grow without bound (but see sprig_deque_rebase); slots are buf[index & mask].
 *  - The ring never grows: its size bounds the spawn nesting on one worker and overflow
 *    is a clear fatal error (sprig_deque_push checks).
 *
 * Memory ordering (each fence names its partner):
 *  - push: slot store relaxed, bottom store RELEASE  -> pairs with the thief's ACQUIRE
 *    load of bottom, so a thief that sees the entry sees the frame's saved context.
 *  - pop:  bottom store, then the owner fence        -> pairs with the thief's fence
 *    (a compiler barrier when SPRIG_ASYMMETRIC_FENCE, see SPRIG_OWNER_FENCE; else seq_cst)
 *  - steal: top load ACQUIRE, thief fence (process-wide barrier when asymmetric, else
 *    FENCE(seq_cst)), bottom load ACQUIRE, slot load, CAS(top)
 *    seq_cst: the CAS decides between two thieves, and between a thief and the owner
 *    when one entry is left (the owner CASes top too).
 *  - rebase (owner, deque empty): top store, then bottom store RELEASE -> a thief that
 *    reads the new bottom sees the new top in its CAS (sprig_deque_rebase).
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

/* The deque, as the inline fast paths see it: the part of a worker generated code
 * touches. The runtime's full worker (runtime/worker.h) starts with this struct
 * (runtime/abi_layout.cpp checks it), so generated code casts its sprig_worker* here.
 * top and bottom live on separate 64-byte lines (checked in sprig/abi.h): thieves write
 * one, the owner the other. */
typedef struct sprig_worker_abi {
  /* ---- thief-written line ---- */
  /* [thieves: CAS; owner: load, CAS on the last entry] index of the oldest entry. */
  int64_t top __attribute__((aligned(64)));
  /* ---- owner-written line ---- */
  /* [owner: store; thieves: load] one past the newest entry. */
  int64_t bottom __attribute__((aligned(64)));
  /* [immutable after start] ring of frame pointers and its size - 1 (power of two). */
  struct sprig_frame **buf;
  int64_t mask;
  /* [owner: load, store; a worker going to sleep: store INT64_MIN] a push at index
   * bottom <= limit cannot overflow: limit = mask + a value of top the owner read
   * earlier. top only grows, so the bound only errs on the safe side, and the push never
   * reads the thieves' line; past it, the push reads top again, and wakes a sleeping
   * worker if there is one. A worker that goes to sleep lowers every worker's limit
   * (runtime/sleep.cpp), so the next push of each takes that path: the wake-up test
   * costs the spawn path nothing. Relaxed atomics throughout (see sprig_deque_push). */
  int64_t limit;
  /* [owner] spawns made by this worker (SPRIG_STATS). */
  uint64_t spawns;
} sprig_worker_abi;

/* The fence protocol is part of the ABI: code and runtime must agree on it (it goes into
 * SPRIG_ABI_MAGIC). */
#if defined(__x86_64__) && defined(__linux__) &&                                           \
    (!defined(SPRIG_ASYMMETRIC_FENCE) || SPRIG_ASYMMETRIC_FENCE)
#define SPRIG_ASYMMETRIC_FENCE_ABI 1
#else
#define SPRIG_ASYMMETRIC_FENCE_ABI 0
#endif

/* The owner's half of the store-load fence of the pop. Chase-Lev needs a StoreLoad
 * fence between the owner's store of bottom and its load of top (a seq_cst fence: mfence,
 * about 9 ns here, the one fence on the spawn path). With SPRIG_ASYMMETRIC_FENCE (default
 * on x86-64 Linux) it is only a compiler barrier, and the thief pays instead: it runs a
 * process-wide barrier (membarrier(2) PRIVATE_EXPEDITED, runtime/barrier.cpp) between its
 * loads of top and bottom, which executes a full fence on every running thread of the
 * process. Either the owner's store of bottom precedes that fence on the owner's CPU (the
 * thief then sees it), or the owner's load of top follows it (the owner then sees the top
 * the thief read, and arbitrates the last entry with a CAS). Asymmetric Dekker (Dice et
 * al.); steals are rare, so the cost moves where it is paid least.
 * Pairs with sprig_thief_fence. */
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

/* Deque overflow: spawn nesting deeper than the deque. Never returns. (Runtime entry
 * point, listed with the others in sprig/abi.h.) */
__attribute__((noreturn)) void __sprig_deque_overflow(struct sprig_worker *w);
/* The thief's half of the asymmetric fence: a full fence on every running thread of the
 * process (runtime/barrier.cpp). Called by the runtime's thieves only. */
void __sprig_process_barrier(void);

/* Number of workers asleep waiting for work (runtime/sleep.cpp). */
extern int32_t __sprig_sleepers;
/* Wake one sleeping worker (a push found sleepers). Defined `preserve_most` on x86-64
 * (it keeps every register but r11), declared here with the C convention: a C caller is
 * served correctly by a callee that preserves more. The plugin calls it `preserve_most`
 * and `nonlazybind` (through the GOT), so helpers need not keep the spawned call's
 * arguments in callee-saved registers across it. A `preserve_most` call through a lazily
 * bound PLT entry would be wrong: glibc's resolver clobbers r10 (docs/performance.md,
 * attempts 16 and 19). */
#if defined(SPRIG_RUNTIME_BUILD) && defined(__clang__) && defined(__x86_64__) &&           \
    defined(__ELF__)
#define SPRIG_WAKE_CC __attribute__((preserve_most)) /* the definition's view */
#else
#define SPRIG_WAKE_CC
#endif
SPRIG_WAKE_CC void __sprig_wake_one(void);

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
 * `limit` and `top`. */
#if SPRIG_OWNER_VOLATILE_
#define SPRIG_RACY_LOAD(p) (*(const volatile int64_t *)(p))
#else
#define SPRIG_RACY_LOAD(p) __atomic_load_n((p), __ATOMIC_RELAXED)
#endif
/* The owner's `*p -= 1`, then its new value: on x86-64 a volatile decrement and a
 * volatile read, which the backend emits as `decq mem; movq mem, reg` (two instructions;
 * the plain load, subtract and relaxed store take three). Only the owner writes *p, so
 * the read gives back what it stored; thieves read *p with atomic loads and see the old
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
  __atomic_store_n(p, v, __ATOMIC_RELAXED);
  return v;
}

/* Push. Memory ordering: the slot store is relaxed; the release store of `bottom` makes it
 * (and every write the parent made before the spawn, its saved context included) visible
 * to a thief whose acquire load of `bottom` reads the new value (sprig_deque_steal).
 * `limit` is read and written relaxed: a sleeper's store of INT64_MIN only asks for the
 * slow path, and an owner's refresh racing with it may undo it; that loses one wake-up,
 * which the sleeper's timeout bounds (runtime/sleep.cpp), as before the bound carried
 * the request (the pusher's check of __sprig_sleepers was relaxed and unfenced too). */
SPRIG_INLINE void sprig_deque_push(struct sprig_worker *w, struct sprig_frame *f) {
  sprig_worker_abi *d = (sprig_worker_abi *)w;
  int64_t b = d->bottom; /* owner-private write, so a plain read is exact */
  int wake = 0;
  if (SPRIG_UNLIKELY(b > SPRIG_RACY_LOAD(&d->limit))) {
    /* else b - top <= b - (limit - mask) <= mask. Past the bound (or lowered by a
     * sleeper): read top again (relaxed: any value at least as new as the one limit came
     * from keeps the bound safe). Inline, so that no call that returns sits on the spawn
     * path (it would make the helper keep more registers). */
    int64_t limit = __atomic_load_n(&d->top, __ATOMIC_RELAXED) + d->mask;
    __atomic_store_n(&d->limit, limit, __ATOMIC_RELAXED);
    if (SPRIG_UNLIKELY(b > limit))
      __sprig_deque_overflow(w);
    wake = __atomic_load_n(&__sprig_sleepers, __ATOMIC_RELAXED) != 0;
  }
  __atomic_store_n(&d->buf[b & d->mask], f, __ATOMIC_RELAXED);
  SPRIG_OWNER_PUBLISH_INCREMENT(&d->bottom, b); /* release: pairs with the steal's acquire */
  if (SPRIG_UNLIKELY(wake))
    __sprig_wake_one(); /* after the push, so the woken worker finds the entry */
}

/* An emptied deque whose indices are this many slots (or more) into the ring starts the
 * next lap at slot 0 (sprig_deque_rebase). Same value as config::kDequeRebaseSlots
 * (runtime/abi_layout.cpp checks it). */
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
  if (__builtin_expect(
          (t & d->mask) < SPRIG_DEQUE_REBASE_SLOTS || t >= SPRIG_DEQUE_REBASE_MAX_INDEX, 1))
    return;
  int64_t next = (t | d->mask) + 1; /* start of the next lap */
  __atomic_store_n(&d->top, next, __ATOMIC_RELAXED);
  __atomic_store_n(&d->bottom, next, __ATOMIC_RELEASE); /* pairs with the steal's acquire */
  __atomic_store_n(&d->limit, next + d->mask, __ATOMIC_RELAXED);
}

/* Pop the newest entry: 1 if we got it back, 0 if a thief took it.
 * Memory ordering (Chase-Lev, Le et al. 2013): the store of bottom, then the owner fence
 * (SPRIG_OWNER_FENCE) that pairs with the thief's fence between its loads of top and
 * bottom, so either we see the thief's increment of top or the thief sees our
 * decrement. */
SPRIG_INLINE int sprig_deque_pop(struct sprig_worker *w) {
  sprig_worker_abi *d = (sprig_worker_abi *)w;
  int64_t b = SPRIG_OWNER_DECREMENT(&d->bottom); /* bottom - 1, stored (relaxed) */
  SPRIG_OWNER_FENCE(); /* pairs with sprig_thief_fence() in sprig_deque_steal */
  if (__builtin_expect(b > SPRIG_RACY_LOAD(&d->top), 1))
    return 1; /* more entries above ours: a thief cannot have reached it */
  /* Read top again: the value compared above is not kept (so the compare can take top
   * from memory, SPRIG_RACY_LOAD). top only grows, so this one is at least as new, and
   * every case below holds for any value read after the fence (t >= b still). */
  int64_t t = __atomic_load_n(&d->top, __ATOMIC_RELAXED);
  if (t == b) {
    /* Ours is the last entry: race the thieves for it with a CAS on top (seq_cst, as the
     * thieves' CAS: one of them wins). */
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

/* ==== Thief side (the runtime's scheduler loop) ==== */

/* The thief's half of the pop/steal store-load fence. Pairs with SPRIG_OWNER_FENCE in
 * sprig_deque_pop: a process-wide barrier when the owner's half is only a compiler
 * barrier, else a seq_cst fence on each side. */
SPRIG_INLINE void sprig_thief_fence(void) {
#if SPRIG_ASYMMETRIC_FENCE
  __sprig_process_barrier();
#else
  __atomic_thread_fence(__ATOMIC_SEQ_CST);
#endif
}

/* A spin-wait hint to the CPU (x86 `pause`, Arm `yield`). */
SPRIG_INLINE void sprig_cpu_relax(void) {
#if defined(__x86_64__)
  __builtin_ia32_pause();
#elif defined(__aarch64__)
  __asm__ volatile("yield");
#endif
}

typedef enum sprig_steal_status {
  SPRIG_STEAL_EMPTY, /* nothing to take */
  SPRIG_STEAL_LOST,  /* another thief, or the owner popping the last entry, won the CAS */
  SPRIG_STEAL_WON    /* *frame is ours: its continuation may be resumed */
} sprig_steal_status;

/* Take the oldest entry of `d` into *frame (written only when SPRIG_STEAL_WON). */
SPRIG_INLINE sprig_steal_status sprig_deque_steal(sprig_worker_abi *d,
                                                  struct sprig_frame **frame) {
  /* acquire (Le et al.): synchronises with the CAS (seq_cst) that moved top here, by
   * another thief or the owner. */
  int64_t t = __atomic_load_n(&d->top, __ATOMIC_ACQUIRE);
  sprig_thief_fence(); /* pairs with SPRIG_OWNER_FENCE in sprig_deque_pop */
  int64_t b = __atomic_load_n(&d->bottom, __ATOMIC_ACQUIRE); /* pairs with push's release */
  if (t >= b)
    return SPRIG_STEAL_EMPTY;
  struct sprig_frame *f = __atomic_load_n(&d->buf[t & d->mask], __ATOMIC_RELAXED);
  /* seq_cst: arbitrates against other thieves and against the owner's CAS on the last
   * entry (sprig_deque_pop). */
  if (!__atomic_compare_exchange_n(&d->top, &t, t + 1, 0, __ATOMIC_SEQ_CST,
                                   __ATOMIC_RELAXED))
    return SPRIG_STEAL_LOST;
  *frame = f;
  return SPRIG_STEAL_WON;
}

/* Cheap pre-check without fences, to skip obviously empty victims (relaxed: it only
 * decides whether to look closer). */
SPRIG_INLINE int sprig_deque_looks_empty(const sprig_worker_abi *d) {
  return __atomic_load_n(&d->top, __ATOMIC_RELAXED) >=
         __atomic_load_n(&d->bottom, __ATOMIC_RELAXED);
}

/* Is a steal worth its fence? sprig_deque_steal's fence is, with SPRIG_ASYMMETRIC_FENCE,
 * a process-wide barrier that interrupts every running worker, so a thief should not pay
 * it (and make the victim pay it) for an entry about to vanish. Two entries or more: the
 * oldest is not the one the owner pops next, steal. A lone entry: an owner spawning tiny
 * tasks in a loop pushes and pops it every few nanoseconds; steal it only if it stays
 * put over a short window (`lone_entry_pauses` spin-wait hints: config::kLoneEntryPauses).
 * No ABA: the owner's pop of a last entry advances top (its CAS, in sprig_deque_pop) and
 * the next push uses the next index, so equal top and bottom before and after the window
 * mean the same entry stayed.
 * Relaxed loads throughout: this only decides whether to try; sprig_deque_steal decides. */
typedef struct sprig_deque_snapshot {
  int64_t top, bottom;
} sprig_deque_snapshot;
SPRIG_INLINE sprig_deque_snapshot sprig_deque_snap(const sprig_worker_abi *d) {
  sprig_deque_snapshot s;
  s.top = __atomic_load_n(&d->top, __ATOMIC_RELAXED);
  s.bottom = __atomic_load_n(&d->bottom, __ATOMIC_RELAXED);
  return s;
}
/* The same entries as at the snapshot (nothing pushed, popped or stolen since)? */
SPRIG_INLINE int sprig_deque_unchanged(const sprig_worker_abi *d, sprig_deque_snapshot s) {
  sprig_deque_snapshot now = sprig_deque_snap(d);
  return now.top == s.top && now.bottom == s.bottom;
}
/* What a look at a victim found: nothing to take; an entry worth its fence; or a lone
 * entry the owner is pushing and popping as the thief watches (a loop spawning tiny
 * tasks). The last tells the thief to look elsewhere, and less often: every look reads
 * the two lines the owner writes at each spawn, and at one look a microsecond that alone
 * slowed such a loop by 5-35% at P=2 (runtime/scheduler.cpp, the churn back-off; the
 * scheduler also calls a victim churning whose top ran ahead between two looks, as the
 * owner's pops of a last entry advance it, since the deque is mostly empty then). */
typedef enum sprig_deque_look_result {
  SPRIG_LOOK_EMPTY = 0,
  SPRIG_LOOK_WORTH = 1,
  SPRIG_LOOK_CHURNING = 2
} sprig_deque_look_result;
SPRIG_INLINE sprig_deque_look_result sprig_deque_look_at(const sprig_worker_abi *d,
                                                         sprig_deque_snapshot s,
                                                         int lone_entry_pauses) {
  if (s.bottom - s.top >= 2)
    return SPRIG_LOOK_WORTH;
  if (s.bottom - s.top < 1)
    return SPRIG_LOOK_EMPTY;
  for (int i = 0; i < lone_entry_pauses; ++i)
    sprig_cpu_relax();
  return sprig_deque_unchanged(d, s) ? SPRIG_LOOK_WORTH : SPRIG_LOOK_CHURNING;
}
SPRIG_INLINE sprig_deque_look_result sprig_deque_look(const sprig_worker_abi *d,
                                                      int lone_entry_pauses) {
  return sprig_deque_look_at(d, sprig_deque_snap(d), lone_entry_pauses);
}
SPRIG_INLINE int sprig_deque_worth_stealing(const sprig_worker_abi *d,
                                            int lone_entry_pauses) {
  return sprig_deque_look(d, lone_entry_pauses) == SPRIG_LOOK_WORTH;
}

#ifdef __cplusplus
} /* extern "C" */
#endif
#endif /* SPRIG_DEQUE_H */

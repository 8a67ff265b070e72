/*===- sprig/abi/frame.h - the frame of a spawning function, and the magic --===*
 *
 * Part of sprig/abi.h (include that, not this): the ABI version, the layout of
 * sprig_frame (one per invocation of a spawning function, in its stack frame) with its
 * flag bits and continuation words, the magic that hashes the version and every shared
 * layout, and the compile-time checks of those layouts. The deque's part of a worker,
 * sprig_worker_abi, is in sprig/deque.h; the entry points into the runtime are in
 * sprig/abi/entry.h, the inline fast paths in sprig/abi/fastpath.h.
 *
 * A frame is touched by at most one thread at a time except for `join` (atomic). The
 * thread allowed to touch the other fields is the *runner*: the worker running the
 * function's continuation, or, while it is suspended at a sync, the worker that resumes
 * it (the field comments below say who writes what).
 *===----------------------------------------------------------------------===*/
#ifndef SPRIG_ABI_FRAME_H
#define SPRIG_ABI_FRAME_H

#include <stddef.h>
#include <stdint.h>

/* sprig_worker_abi (hashed into the magic and checked below) and the SPRIG_INLINE
 * attribute. */
#include "sprig/deque.h"

#ifdef __cplusplus
extern "C" {
#endif

#define SPRIG_ABI_VERSION 15

/* sprig_frame.flags:
 *   STOLEN     continuation stolen since the last sync: the sync is slow
 *   EXCEPTION  a child's exception waits to be rethrown at the sync
 *   ROOT       outermost spawning frame of a thread: leaving it unbinds the thread
 *   ENTERED    sprig_enter_frame ran (generated code enters lazily, at the first spawn;
 *              until then flags is 0)
 *   PC_IN_CTX  ctx[SPRIG_CTX_PC] holds the resume point of the continuation a thief
 *              steals (a setjmp capture: hand-lowered code, the plugin's setjmp spawns).
 *              Without it (the plugin's return-address spawns on x86-64 ELF) the
 *              resume point is the return address of the helper's call, which a thief
 *              reads from the frame's stack, one word below ctx[SPRIG_CTX_SP]: the helper
 *              stores nothing (see sprig_stolen_resume_pc).
 *   CHECK_PC   tests only (-mllvm -sprig-check-resume-pc): the helper also stored its
 *              return address in ctx[SPRIG_CTX_SSP]; a thief checks the two agree.
 *   CANCELLED  the function called sprig::cancel() in this sync epoch (__sprig_cancel):
 *              the frame is in the runtime's table of cancelled frames until the sync,
 *              whose slow path (this bit makes it slow) takes it out (__sprig_cancel_end;
 *              runtime/cancel.cpp, docs/design.md "Cancel").
 *   PEDIGREE   the function keeps the pedigree of sprig::dprand (its file includes
 *              sprig/rng.h): set with ENTERED (one constant store still). A root frame
 *              without it gives its thread back the pedigree state it had when it bound
 *              if its last strand's is unknown (runtime/pedigree.h, ped_leave_root); one
 *              with it bound after its first fork, so that state is not the caller's. */
#define SPRIG_FRAME_STOLEN 0x1u
#define SPRIG_FRAME_EXCEPTION 0x2u
#define SPRIG_FRAME_ROOT 0x4u
#define SPRIG_FRAME_ENTERED 0x8u
#define SPRIG_FRAME_PC_IN_CTX 0x10u
#define SPRIG_FRAME_CHECK_PC 0x20u
#define SPRIG_FRAME_CANCELLED 0x40u
#define SPRIG_FRAME_PEDIGREE 0x80u

/* sprig_frame.ctx, word by word: the one definition of the continuation layout. The
 * plugin's setjmp emission (plugin/RuntimeABI.cpp), __builtin_setjmp/longjmp (which fix
 * words 0..2) and the runtime's stack switches (runtime/stack_switch.h) all use these
 * indices; the layout checks at the end of this file pin them. */
#define SPRIG_CTX_FP 0  /* frame pointer of the continuation */
#define SPRIG_CTX_PC 1  /* resume address (the setjmp intrinsic's, or a return address) */
#define SPRIG_CTX_SP 2  /* stack pointer of the continuation */
#define SPRIG_CTX_SSP 3 /* shadow-stack pointer (-fcf-protection=return only) */
#define SPRIG_CTX_FPSTATE 4 /* MXCSR | x87 control word << 32, at a suspending sync */
#define SPRIG_CTX_WORDS 5

struct sprig_worker;

/* One per invocation of a spawning function, allocated in its stack frame. */
typedef struct sprig_frame {
  /* [runner] SPRIG_FRAME_* bits. Tested by the inline sync and leave. */
  uint32_t flags;
  /* [runner] steals of this frame since its last sync; added to `join` at the sync. A
   * child's number is its value at the child's detach (sprig_detach). */
  uint32_t steals;
  /* [runner] __builtin_setjmp buffer, word by word SPRIG_CTX_*: frame pointer, resume
   * address, stack pointer, shadow-stack pointer (only under -fcf-protection=return),
   * then the floating-point control state at the last suspending sync (SPRIG_FP_SAVE, by
   * the runtime: MXCSR in the low 32 bits, the x87 control word in bits 32..47),
   * restored by the worker that resumes the continuation. FP..SSP are written at each
   * spawn and at a suspending sync. */
  void *ctx[SPRIG_CTX_WORDS];
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
  /* [atomic: 0 at entry (sprig_enter_frame); stored RELEASE by each thief of the frame
   * after its CAS won, read ACQUIRE by whoever walks a strand's ancestors] the nearest
   * spawn ancestor of this frame's function: the spawning frame whose child (running
   * when this frame was stolen) contains this invocation, or 0 for a root's. Every thief
   * of the frame stores the same value (the ancestor is fixed for the invocation's life);
   * a reader that sees 0 stops its walk there (the thief is between its CAS and this
   * store: a few instructions). Only the cancel walk reads it (runtime/cancel.cpp). */
  struct sprig_frame *up;
  /* [runtime: written by the worker whose strand leaves its thread at a suspending sync,
   * a suspending scope exit or a root frame's hand-over, before the release that lets a
   * resumer go on (the join add, run_pending's publication); read by that resumer after
   * its acquire] the strand's pedigree state (runtime/pedigree.cpp: the hash of its
   * position, then its rank), restored on the thread that resumes it. Never written or
   * read on a spawn's or a sync's fast path; nothing initialises it. */
  uint64_t ped[2];
  /* [runtime, under runtime/exception.cpp's lock: written by the child whose exception
   * becomes the one kept (__sprig_child_threw), read by the rethrow at the sync] the
   * pedigree state of that child's strand when its exception left its spawned call, which
   * the strand that catches it goes on from, as in the serial program (where the exception
   * leaves at once). Never touched otherwise. */
  uint64_t ped_exc[2];
} sprig_frame;

/* One per `[[sprig::scope]] { ... }` with spawns in it, a local of its spawning function
 * (the plugin allocates one per scope, zeroed at the function's entry; hand-lowered code
 * zeroes it before the scope's first spawn). It counts the scope's own children (those
 * spawned directly in the block, not in nested scopes) that were running in parallel
 * with their parent's continuation, so that leaving the scope waits for those only: a
 * child spawned before the scope may still run (docs/design.md, "Scopes").
 * Invariant: join + stolen == the scope's children still running whose parent was
 * stolen while they ran. So after any exit (an exception or a sync included) the record
 * stays usable as it is, for the next iteration of a loop around the scope or a jump
 * back into it. */
typedef struct sprig_scope {
  /* [atomic] Each such child subtracts 1 when it ends (before its decrement of the
   * frame's `join`); the scope's exit adds `stolen`. Whoever brings it to 0 from a
   * non-zero value resumes the frame at the scope's exit (greedy join). Never positive
   * before the exit's add. */
  int64_t join;
  /* [runner] such children since the last exit: the continuation after an in-scope
   * spawn adds 1 when `steals` moved across the spawn (sprig_scope_after_spawn). */
  uint32_t stolen;
  /* [runner] the frame's `steals` just before the current in-scope spawn. */
  uint32_t mark;
  /* [runner, at a suspending exit; read by the resumer] the stack the continuation
   * stood on (the frame resumes there) and its strand's reducer views. */
  void *stack;
  void *views;
} sprig_scope;

/* ---- Named tests of sprig_frame.flags (the runtime and the inline fast paths,
 * sprig/abi/fastpath.h, use these; the plugin emits the same tests in IR) ---- */
SPRIG_INLINE int sprig_frame_is_stolen(const sprig_frame *f) {
  return (f->flags & SPRIG_FRAME_STOLEN) != 0;
}
SPRIG_INLINE int sprig_frame_has_exception(const sprig_frame *f) {
  return (f->flags & SPRIG_FRAME_EXCEPTION) != 0;
}
SPRIG_INLINE int sprig_frame_is_root(const sprig_frame *f) {
  return (f->flags & SPRIG_FRAME_ROOT) != 0;
}
SPRIG_INLINE int sprig_frame_is_entered(const sprig_frame *f) {
  return (f->flags & SPRIG_FRAME_ENTERED) != 0;
}
SPRIG_INLINE int sprig_frame_is_cancelled(const sprig_frame *f) {
  return (f->flags & SPRIG_FRAME_CANCELLED) != 0;
}
/* Stolen since the last sync, holding a child's exception or cancelled in this epoch:
 * the sync has work to do (it is one load and a branch otherwise): a child of this sync
 * epoch may still be running, has thrown, or the cancel ends here. One test of the three
 * bits. */
#define SPRIG_FRAME_SYNC_SLOW_BITS                                                         \
  (SPRIG_FRAME_STOLEN | SPRIG_FRAME_EXCEPTION | SPRIG_FRAME_CANCELLED)
SPRIG_INLINE int sprig_frame_sync_is_slow(const sprig_frame *f) {
  return (f->flags & SPRIG_FRAME_SYNC_SLOW_BITS) != 0;
}

/* The largest child number (sprig_detach): ~0u is the "not detached" marker of
 * __sprig_child_threw. */
#define SPRIG_CHILD_MAX 0xFFFFFFFEu

/* ---- ABI magic: a hash of the version, the fence protocol and the layout ----
 * FNV-1a (32-bit offset basis and prime), one step per value rather than per byte: every
 * value below is far below 2^32. Each step is a bijection of the running hash for a given
 * value and of the value for a given hash, so changing any one input always changes the
 * magic (a weighted sum would let two changes cancel). A C constant expression: the
 * header is also C (runtime/abi_bitcode.c). */
#define SPRIG_HASH_BASIS 0x811C9DC5u
#define SPRIG_HASH_STEP(h, v) ((uint32_t)(((uint32_t)(h) ^ (uint32_t)(v)) * 0x01000193u))
#define SPRIG_HASH2(h, a, b) SPRIG_HASH_STEP(SPRIG_HASH_STEP(h, a), b)
#define SPRIG_HASH4(h, a, b, c, d) SPRIG_HASH2(SPRIG_HASH2(h, a, b), c, d)
/* The protocol: version, fence, flag bits. */
#define SPRIG_ABI_HASH_PROTOCOL_                                                           \
  SPRIG_HASH_STEP(SPRIG_HASH2(SPRIG_HASH4(SPRIG_HASH2(SPRIG_HASH_BASIS, SPRIG_ABI_VERSION, \
                                                      SPRIG_REQUEST_FORCING),              \
                                          SPRIG_FRAME_STOLEN, SPRIG_FRAME_EXCEPTION,       \
                                          SPRIG_FRAME_ROOT, SPRIG_FRAME_ENTERED),          \
                              SPRIG_FRAME_PC_IN_CTX, SPRIG_FRAME_CHECK_PC),                \
                  SPRIG_HASH_STEP(SPRIG_FRAME_CANCELLED, SPRIG_FRAME_PEDIGREE))
/* The continuation's words. */
#define SPRIG_ABI_HASH_CTX_(h)                                                             \
  SPRIG_HASH2(SPRIG_HASH4(h, SPRIG_CTX_FP, SPRIG_CTX_PC, SPRIG_CTX_SP, SPRIG_CTX_SSP),     \
              SPRIG_CTX_FPSTATE, SPRIG_CTX_WORDS)
/* sprig_frame: its size and every field's offset. */
#define SPRIG_ABI_HASH_FRAME_(h)                                                           \
  SPRIG_HASH2(                                                                             \
      SPRIG_HASH4(SPRIG_HASH4(h, sizeof(sprig_frame), offsetof(sprig_frame, flags),        \
                              offsetof(sprig_frame, steals), offsetof(sprig_frame, ctx)),  \
                  offsetof(sprig_frame, join), offsetof(sprig_frame, orig_sp),             \
                  offsetof(sprig_frame, orig_stack), offsetof(sprig_frame, exceptions)),   \
      offsetof(sprig_frame, up),                                                           \
      SPRIG_HASH2(                                                                         \
          SPRIG_HASH_STEP(sizeof(((sprig_frame *)0)->up), offsetof(sprig_frame, ped)),     \
          offsetof(sprig_frame, ped_exc), sizeof(sprig_frame)))
/* sprig_scope: its size and every field's offset. */
#define SPRIG_ABI_HASH_SCOPE_(h)                                                           \
  SPRIG_HASH2(SPRIG_HASH4(h, sizeof(sprig_scope), offsetof(sprig_scope, join),             \
                          offsetof(sprig_scope, stolen), offsetof(sprig_scope, mark)),     \
              offsetof(sprig_scope, stack), offsetof(sprig_scope, views))
/* sprig_worker_abi: its size, alignment and every field's offset. */
#define SPRIG_ABI_HASH_WORKER_(h)                                                          \
  SPRIG_HASH4(                                                                             \
      SPRIG_HASH4(                                                                         \
          SPRIG_HASH4(h, sizeof(sprig_worker_abi), __alignof__(sprig_worker_abi),          \
                      offsetof(sprig_worker_abi, top), offsetof(sprig_worker_abi, split)), \
          offsetof(sprig_worker_abi, request), offsetof(sprig_worker_abi, request_ns),     \
          offsetof(sprig_worker_abi, bottom), offsetof(sprig_worker_abi, buf)),            \
      offsetof(sprig_worker_abi, mask), offsetof(sprig_worker_abi, limit),                 \
      offsetof(sprig_worker_abi, pop_bound),                                               \
      SPRIG_HASH2(offsetof(sprig_worker_abi, spawns),                                      \
                  offsetof(sprig_worker_abi, seg_base),                                    \
                  offsetof(sprig_worker_abi, seg_up)))
/* Version and layout, so a stale header and a new runtime never meet silently. Kept to
 * 31 bits (a positive int32: one immediate operand on x86-64, from the days it was
 * stored at every frame entry). */
#define SPRIG_ABI_MAGIC                                                                    \
  ((uint32_t)(SPRIG_ABI_HASH_WORKER_(SPRIG_ABI_HASH_SCOPE_(                                \
                  SPRIG_ABI_HASH_FRAME_(SPRIG_ABI_HASH_CTX_(SPRIG_ABI_HASH_PROTOCOL_)))) & \
              0x7fffffffu))

/* ---- Layout checks ----
 * Every size, offset and word index this header states and that generated code, the
 * plugin (which compiles this header) or the runtime relies on, checked once, here, in
 * every compiler that reads it. The runtime's side (its worker starts with
 * sprig_worker_abi, its scheduler context has the frame's ctx layout, its copies of
 * constants) is checked in runtime/abi_layout.cpp. Exact offsets are those of LP64, the
 * only data model the runtime supports (x86-64 and AArch64 Linux). */
#if defined(__cplusplus) && __cplusplus >= 201103L
#define SPRIG_LAYOUT_ASSERT(cond, what) static_assert(cond, "sprig/abi.h layout: " what)
#elif !defined(__cplusplus) && defined(__STDC_VERSION__) && __STDC_VERSION__ >= 201112L
#define SPRIG_LAYOUT_ASSERT(cond, what) _Static_assert(cond, "sprig/abi.h layout: " what)
#else /* C99, C++03: a false condition makes a negative array size */
#define SPRIG_LAYOUT_ASSERT(cond, what) extern int sprig_layout_assert_[(cond) ? 1 : -1]
#endif

/* The continuation (sprig_frame.ctx). __builtin_setjmp takes a buffer of five words and
 * writes FP, PC and SP to words 0, 1 and 2 on every target (clang's expansion and the
 * plugin's, plugin/RuntimeABI.cpp); x86-64 writes the shadow-stack pointer to word 3
 * under -fcf-protection=return. The FP state word must be none of those. */
SPRIG_LAYOUT_ASSERT(SPRIG_CTX_FP == 0 && SPRIG_CTX_PC == 1 && SPRIG_CTX_SP == 2,
                    "__builtin_setjmp writes FP, PC, SP to words 0, 1, 2");
SPRIG_LAYOUT_ASSERT(SPRIG_CTX_SSP == 3,
                    "x86-64's setjmp keeps the shadow-stack pointer in word 3");
SPRIG_LAYOUT_ASSERT(SPRIG_CTX_FPSTATE > SPRIG_CTX_SSP &&
                        SPRIG_CTX_FPSTATE < SPRIG_CTX_WORDS,
                    "the FP state word is one setjmp never writes");
SPRIG_LAYOUT_ASSERT(SPRIG_CTX_WORDS >= 5, "__builtin_setjmp needs a buffer of five words");
SPRIG_LAYOUT_ASSERT(sizeof(((sprig_frame *)0)->ctx) == SPRIG_CTX_WORDS * sizeof(void *),
                    "sprig_frame.ctx has SPRIG_CTX_WORDS words");
SPRIG_LAYOUT_ASSERT(sizeof(void *) >= sizeof(uint32_t) + sizeof(uint16_t),
                    "the FP state word holds MXCSR and the x87 control word");
#if defined(__x86_64__)
SPRIG_LAYOUT_ASSERT(
    __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__,
    "SPRIG_FP_SAVE puts MXCSR in bits 0..31 and the x87 control word in 32..47");
#endif

/* The flags: distinct bits. */
SPRIG_LAYOUT_ASSERT((SPRIG_FRAME_STOLEN | SPRIG_FRAME_EXCEPTION | SPRIG_FRAME_ROOT |
                     SPRIG_FRAME_ENTERED | SPRIG_FRAME_PC_IN_CTX | SPRIG_FRAME_CHECK_PC |
                     SPRIG_FRAME_CANCELLED | SPRIG_FRAME_PEDIGREE) == 0xFFu,
                    "sprig_frame.flags bits are distinct");
SPRIG_LAYOUT_ASSERT(SPRIG_CHILD_MAX == 0xFFFFFFFFu - 1u,
                    "child numbers never reach ~0u, the \"not detached\" marker");
SPRIG_LAYOUT_ASSERT(sizeof(SPRIG_ABI_MAGIC) == sizeof(uint32_t), "the magic is a uint32_t");

#if defined(__LP64__)
/* sprig_frame (120 bytes, docs/design.md section 2). flags first: the inline sync and
 * leave test it at offset 0. */
SPRIG_LAYOUT_ASSERT(offsetof(sprig_frame, flags) == 0, "flags at offset 0");
SPRIG_LAYOUT_ASSERT(offsetof(sprig_frame, steals) == 4, "steals at offset 4");
SPRIG_LAYOUT_ASSERT(offsetof(sprig_frame, ctx) == 8, "ctx at offset 8");
SPRIG_LAYOUT_ASSERT(offsetof(sprig_frame, join) == 48, "join at offset 48");
SPRIG_LAYOUT_ASSERT(offsetof(sprig_frame, orig_sp) == 56, "orig_sp at offset 56");
SPRIG_LAYOUT_ASSERT(offsetof(sprig_frame, orig_stack) == 64, "orig_stack at offset 64");
SPRIG_LAYOUT_ASSERT(offsetof(sprig_frame, exceptions) == 72, "exceptions at offset 72");
SPRIG_LAYOUT_ASSERT(offsetof(sprig_frame, up) == 80, "up at offset 80");
SPRIG_LAYOUT_ASSERT(offsetof(sprig_frame, ped) == 88, "ped at offset 88");
SPRIG_LAYOUT_ASSERT(offsetof(sprig_frame, ped_exc) == 104, "ped_exc at offset 104");
SPRIG_LAYOUT_ASSERT(sizeof(sprig_frame) == 120, "sprig_frame is 120 bytes");
SPRIG_LAYOUT_ASSERT(offsetof(sprig_frame, join) % 8 == 0,
                    "join is naturally aligned (atomic)");
/* sprig_scope (32 bytes): the plugin emits its stores and loads at these offsets
 * (plugin/lower/RuntimeABI.h, ScopeStolen...). */
SPRIG_LAYOUT_ASSERT(offsetof(sprig_scope, join) == 0, "scope join at offset 0");
SPRIG_LAYOUT_ASSERT(offsetof(sprig_scope, stolen) == 8, "scope stolen at offset 8");
SPRIG_LAYOUT_ASSERT(offsetof(sprig_scope, mark) == 12, "scope mark at offset 12");
SPRIG_LAYOUT_ASSERT(offsetof(sprig_scope, stack) == 16, "scope stack at offset 16");
SPRIG_LAYOUT_ASSERT(offsetof(sprig_scope, views) == 24, "scope views at offset 24");
SPRIG_LAYOUT_ASSERT(sizeof(sprig_scope) == 32, "sprig_scope is 32 bytes");

/* sprig_worker_abi: top, split and the request on the thieves' 64-byte line, bottom and
 * the owner's fields on the next one, so a fast push or pop touches one line and never
 * the thieves'. */
SPRIG_LAYOUT_ASSERT(offsetof(sprig_worker_abi, top) == 0, "top at offset 0");
SPRIG_LAYOUT_ASSERT(offsetof(sprig_worker_abi, split) == 8, "split at offset 8");
SPRIG_LAYOUT_ASSERT(offsetof(sprig_worker_abi, request) == 16, "request at offset 16");
SPRIG_LAYOUT_ASSERT(offsetof(sprig_worker_abi, request_ns) == 24,
                    "request_ns at offset 24");
SPRIG_LAYOUT_ASSERT(offsetof(sprig_worker_abi, bottom) == 64, "bottom at offset 64");
SPRIG_LAYOUT_ASSERT(offsetof(sprig_worker_abi, buf) == 72, "buf at offset 72");
SPRIG_LAYOUT_ASSERT(offsetof(sprig_worker_abi, mask) == 80, "mask at offset 80");
SPRIG_LAYOUT_ASSERT(offsetof(sprig_worker_abi, limit) == 88, "limit at offset 88");
SPRIG_LAYOUT_ASSERT(offsetof(sprig_worker_abi, pop_bound) == 96, "pop_bound at offset 96");
SPRIG_LAYOUT_ASSERT(offsetof(sprig_worker_abi, spawns) == 104, "spawns at offset 104");
SPRIG_LAYOUT_ASSERT(offsetof(sprig_worker_abi, seg_base) == 112, "seg_base at offset 112");
SPRIG_LAYOUT_ASSERT(offsetof(sprig_worker_abi, seg_up) == 120, "seg_up at offset 120");
SPRIG_LAYOUT_ASSERT(sizeof(sprig_worker_abi) == 128,
                    "sprig_worker_abi is two 64-byte lines");
#endif
SPRIG_LAYOUT_ASSERT(__alignof__(sprig_worker_abi) >= 64,
                    "sprig_worker_abi starts a 64-byte line");
SPRIG_LAYOUT_ASSERT(offsetof(sprig_worker_abi, bottom) % 64 == 0 &&
                        offsetof(sprig_worker_abi, bottom) -
                                offsetof(sprig_worker_abi, top) >=
                            64,
                    "top and bottom on separate 64-byte lines");
SPRIG_LAYOUT_ASSERT(offsetof(sprig_worker_abi, seg_up) + sizeof(void *) <=
                        offsetof(sprig_worker_abi, bottom) + 64,
                    "the owner's fields share bottom's line");

#undef SPRIG_LAYOUT_ASSERT

#ifdef __cplusplus
} /* extern "C" */
#endif
#endif /* SPRIG_ABI_FRAME_H */

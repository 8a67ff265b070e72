/*===- sprig/abi.h - the contract between lowered code and the runtime -----===*
 *
 * Everything the Sprig plugin emits into a spawning function, and every hand-lowered
 * test in test/lit/handlowered, goes through this header and nothing else of the
 * runtime. The fast paths below are `static inline` so that a spawn that is never
 * stolen makes no call into libsprig; the slow paths are the `__sprig_*` functions
 * exported by the runtime (runtime/root.cpp, scheduler.cpp, exception.cpp, sleep.cpp). The
 * deque the fast paths push to and pop from, with its protocol, is in sprig/deque.h.
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
 * On x86-64 the plugin captures continuations without setjmp (docs/design.md,
 * "Continuations"): the helper is called with the `preserve_none` convention, which
 * leaves nothing but %rbp and %rsp live across the call, so the helper's return address
 * is a complete resume point. The parent stores FP and SP into ctx once per invocation
 * (at its first spawn); a thief that wins the frame reads the helper's return address
 * from the stack below ctx[SPRIG_CTX_SP] into ctx[SPRIG_CTX_PC] (sprig_stolen_resume_pc,
 * ABI 11), and its jump into ctx (rbp = FP, rsp = a fresh fiber, jump to PC) is the same
 * jump as into a setjmp's context. A sync suspends through
 * __sprig_sync_capture the same way. The two kinds of context mix freely: the runtime
 * only ever jumps into ctx.
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
 * ABI version and magic: every module the plugin lowers checks SPRIG_ABI_MAGIC against
 * the runtime's once, when it is loaded (a constructor calls __sprig_check_abi), and
 * code binding a root passes it again (__sprig_enter_root); the runtime aborts with a
 * clear message if they differ. The magic hashes the version and the layout of every
 * structure shared across the boundary. (Until ABI 9 every frame also carried it, one
 * store per frame: the load-time check covers every module before any of its frames
 * exists.)
 *
 * No frame records its worker: code may change threads mid-function, so the worker is
 * always read from the thread (sprig_self) at the moment it is needed.
 *===----------------------------------------------------------------------===*/
#ifndef SPRIG_ABI_H
#define SPRIG_ABI_H

#include <stddef.h>
#include <stdint.h>

/* The deque (its state, sprig_worker_abi; the owner's push and pop, used inline below;
 * the thieves' steal) and the SPRIG_INLINE / SPRIG_UNLIKELY attributes: sprig/deque.h. */
#include "sprig/deque.h"

#ifdef __cplusplus
extern "C" {
#endif

#define SPRIG_ABI_VERSION 12

/* sprig_frame.flags:
 *   STOLEN     continuation stolen since the last sync: the sync is slow
 *   EXCEPTION  a child's exception waits to be rethrown at the sync
 *   ROOT       outermost spawning frame of a thread: leaving it unbinds the thread
 *   ENTERED    sprig_enter_frame ran (generated code enters lazily, at the first spawn;
 *              until then flags is 0)
 *   PC_IN_CTX  ctx[SPRIG_CTX_PC] holds the resume point of the continuation a thief
 *              steals (a setjmp capture: hand-lowered code, the plugin's setjmp spawns).
 *              Without it (ABI 11: the plugin's return-address spawns on x86-64 ELF) the
 *              resume point is the return address of the helper's call, which a thief
 *              reads from the frame's stack, one word below ctx[SPRIG_CTX_SP]: the helper
 *              stores nothing (see sprig_stolen_resume_pc).
 *   CHECK_PC   tests only (-mllvm -sprig-check-resume-pc): the helper also stored its
 *              return address in ctx[SPRIG_CTX_SSP]; a thief checks the two agree. */
#define SPRIG_FRAME_STOLEN 0x1u
#define SPRIG_FRAME_EXCEPTION 0x2u
#define SPRIG_FRAME_ROOT 0x4u
#define SPRIG_FRAME_ENTERED 0x8u
#define SPRIG_FRAME_PC_IN_CTX 0x10u
#define SPRIG_FRAME_CHECK_PC 0x20u

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
  /* Unused, never read: the frame's copy of SPRIG_ABI_MAGIC until ABI 9 (now checked
   * once per module, __sprig_check_abi) and its child counter until ABI 8 (a child's
   * number is `steals` at its detach, see sprig_detach). Kept so that the layout and
   * the offsets of the fields above stay put. */
  uint32_t reserved[2];
} sprig_frame;

/* sprig_worker_abi, the part of a worker the inline fast paths touch (its deque):
 * sprig/deque.h. */

/* ---- Named tests of sprig_frame.flags (the runtime and the inline paths below use
 * these; the plugin emits the same tests in IR) ---- */
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
/* Stolen since the last sync or holding a child's exception: the sync has work to do
 * (it is one load and a branch otherwise), and a child of this sync epoch may still be
 * running or has thrown. One test of both bits. */
SPRIG_INLINE int sprig_frame_sync_is_slow(const sprig_frame *f) {
  return (f->flags & (SPRIG_FRAME_STOLEN | SPRIG_FRAME_EXCEPTION)) != 0;
}

/* ---- ABI magic: a hash of the version, the fence protocol and the layout ----
 * FNV-1a (32-bit offset basis and prime), one step per value rather than per byte: every
 * value below is far below 2^32. Each step is a bijection of the running hash for a given
 * value and of the value for a given hash, so changing any one input always changes the
 * magic (the former weighted sum let two changes cancel). A C constant expression: the
 * header is also C (runtime/abi_bitcode.c). */
#define SPRIG_HASH_BASIS 0x811C9DC5u
#define SPRIG_HASH_STEP(h, v) ((uint32_t)(((uint32_t)(h) ^ (uint32_t)(v)) * 0x01000193u))
#define SPRIG_HASH2(h, a, b) SPRIG_HASH_STEP(SPRIG_HASH_STEP(h, a), b)
#define SPRIG_HASH4(h, a, b, c, d) SPRIG_HASH2(SPRIG_HASH2(h, a, b), c, d)
/* The protocol: version, fence, flag bits. */
#define SPRIG_ABI_HASH_PROTOCOL_                                                           \
  SPRIG_HASH2(                                                                             \
      SPRIG_HASH4(SPRIG_HASH2(SPRIG_HASH_BASIS, SPRIG_ABI_VERSION, SPRIG_REQUEST_FORCING), \
                  SPRIG_FRAME_STOLEN, SPRIG_FRAME_EXCEPTION, SPRIG_FRAME_ROOT,             \
                  SPRIG_FRAME_ENTERED),                                                    \
      SPRIG_FRAME_PC_IN_CTX, SPRIG_FRAME_CHECK_PC)
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
      offsetof(sprig_frame, reserved), sizeof(((sprig_frame *)0)->reserved))
/* sprig_worker_abi: its size, alignment and every field's offset. */
#define SPRIG_ABI_HASH_WORKER_(h)                                                          \
  SPRIG_HASH4(                                                                             \
      SPRIG_HASH4(                                                                         \
          SPRIG_HASH4(h, sizeof(sprig_worker_abi), __alignof__(sprig_worker_abi),          \
                      offsetof(sprig_worker_abi, top), offsetof(sprig_worker_abi, split)), \
          offsetof(sprig_worker_abi, request), offsetof(sprig_worker_abi, request_ns),     \
          offsetof(sprig_worker_abi, bottom), offsetof(sprig_worker_abi, buf)),            \
      offsetof(sprig_worker_abi, mask), offsetof(sprig_worker_abi, limit),                 \
      offsetof(sprig_worker_abi, pop_bound), offsetof(sprig_worker_abi, spawns))
/* Version and layout, so a stale header and a new runtime never meet silently. Kept to
 * 31 bits (a positive int32: one immediate operand on x86-64, from the days it was
 * stored at every frame entry). */
#define SPRIG_ABI_MAGIC                                                                    \
  ((uint32_t)(SPRIG_ABI_HASH_WORKER_(                                                      \
                  SPRIG_ABI_HASH_FRAME_(SPRIG_ABI_HASH_CTX_(SPRIG_ABI_HASH_PROTOCOL_))) &  \
              0x7fffffffu))

/* ---- Runtime entry points (slow paths; exported by libsprig) ---- */

/* The worker bound to this thread, or 0 when the thread runs no Sprig computation.
 * Generated code reads it only through sprig_self(). */
extern __thread struct sprig_worker *__sprig_tls_worker;
/* Out-of-line sprig_self(), for targets without the inline sequence. */
struct sprig_worker *__sprig_current_worker(void);
/* Nonzero while a thread that is not a worker should run spawning functions serially:
 * the pool is saturated (as many root computations running, bound or serial, as it has
 * workers, runtime/root.cpp), or
 * SPRIGTEST_SERIAL_ROOTS=1 forces it (tests). Read by sprig_run_serially() only;
 * written by the runtime alone. Relaxed: a stale value only picks the parallel body
 * (whose first detach decides again) or the serial clone, both correct. */
extern int __sprig_serial_gate;
/* Around a root computation that runs a serial clone (plugin/SerialClone.cpp: the
 * gate calls F.sprig.serial.root, which calls these around F.sprig.serial): such a
 * thread keeps a CPU busy, so it counts towards the pool's saturation. Nested entries
 * on one thread count once. */
void __sprig_serial_root_enter(void);
void __sprig_serial_root_leave(void);
/* ---- Parallel loops ([[sprig::parallel_for]], plugin/ParallelLoops.cpp) ----
 * A loop whose iterations can throw keeps one sprig_pfor_state in its caller's frame,
 * shared by its chunks: the generated code sets min_k = ~0 and exc = 0 before the loop,
 * and each chunk skips iteration k once k > min_k (an earlier iteration threw).
 * min_k: read relaxed by the chunks, written by __sprig_pfor_caught under a lock; a stale
 * read only runs an iteration the serial loop would not have (allowed, as in Cilk). */
typedef struct sprig_pfor_state {
  uint64_t min_k; /* the smallest iteration that threw, ~0 while none did */
  void *exc;      /* its exception (a heap std::exception_ptr), or 0 */
} sprig_pfor_state;
/* The default grain of a loop of n iterations: min(2048, ceil(n / (8 P))), at least 1. */
size_t __sprig_pfor_grain(size_t n);
/* In an iteration's catch (...): keep the exception being handled if iteration k is the
 * first in iteration order to throw. */
void __sprig_pfor_caught(sprig_pfor_state *st, uint64_t k);
/* After the loop (every iteration done): rethrow the kept exception, if any. */
void __sprig_pfor_rethrow(sprig_pfor_state *st);

/* ---- The work/span profiler (sprig++ --scale, plugin/Scale.cpp, runtime/scale.cpp) ----
 * An instrumented program runs the serial elision and keeps, per thread, a clock in
 * instructions: work W (every basic block adds its instruction count; code keeps the
 * count in a register and adds it here before each call and return), and the offsets
 * of the span S = W - off and the burdened span BS = W - boff (modulo 2^64). The hooks
 * that move S and BS at spawns and syncs are emitted inline by the plugin; only the
 * runtime reads the clock otherwise (probes, the report at exit). Thread-local,
 * initial-exec: instrumented code reads it with one %fs-relative access. */
typedef struct sprig_scale_clock {
  uint64_t work; /* W: instructions executed by this thread's instrumented code */
  uint64_t off;  /* W - S */
  uint64_t boff; /* W - BS */
} sprig_scale_clock;
extern __thread sprig_scale_clock __sprig_scale_clock;
/* The burden a spawned continuation pays (a steal), in instructions; read by the
 * inline hook at the end of every spawned statement. Set once by __sprig_scale_init. */
extern uint64_t __sprig_scale_burden;
/* Called by a constructor of each instrumented module: the program measures itself. */
void __sprig_scale_init(void);

/* Always 0; read through memory so the optimiser must keep a dynamic alloca. */
extern size_t __sprig_zero;

/* Called once per lowered module when it is loaded (a constructor the plugin emits, with
 * the magic of the sprig/abi.h the module was compiled against): abort with a clear
 * message if it is not this runtime's. */
void __sprig_check_abi(uint32_t abi_magic);
/* Called by the same constructor in an executable whose code reads the thread's worker
 * with a local-exec access to its own definition of __sprig_tls_worker (x86-64 ELF; the
 * plugin's useLocalExecTLS): `addr` is that definition's address on this thread. Aborts
 * with a clear message unless the runtime uses the same variable. */
void __sprig_check_tls(void *addr);
/* First detach of a spawning frame on a thread that is not a worker (sprig_bind,
 * sprig_detach): start the pool if needed, bind the thread as a worker until this frame
 * leaves. Checks the magic too (hand-lowered code has no constructor). */
void __sprig_enter_root(sprig_frame *sf, uint32_t abi_magic);
/* The root frame leaves: return on the thread that entered it, unbind. */
void __sprig_leave_root(sprig_frame *sf);
/* A child ended and its parent was stolen. Never returns. */
__attribute__((noreturn)) void __sprig_child_done(struct sprig_worker *w,
                                                  sprig_frame *parent);
/* Sync of a stolen frame, after SPRIG_SETJMP saved the resume point. Never returns:
 * the frame resumes at the setjmp (on its original stack) once all children ended. */
__attribute__((noreturn)) void __sprig_sync_suspend(sprig_frame *sf);
/* The same for return-address continuations (x86-64 ELF, generated code only): called
 * with the `preserve_none` convention, it records its own return address, the caller's
 * frame pointer and its stack pointer after the return in sf->ctx, then suspends; the
 * frame's resumer jumps there, which to the caller is the call returning
 * (runtime/sync_capture.cpp). Not callable from C: declared for the record only. */
void __sprig_sync_capture(sprig_frame *sf);
/* __sprig_deque_overflow (a push past the ring), __sprig_push_slow and __sprig_pop_slow
 * (the owner's slow paths) and __sprig_sleepers: sprig/deque.h. */
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

/* The largest child number: ~0u is the "not detached" marker of __sprig_child_threw. */
#define SPRIG_CHILD_MAX 0xFFFFFFFEu

/* Save the floating-point control state (rounding mode, exception masks, flush-to-zero,
 * x87 precision) into ctx[SPRIG_CTX_FPSTATE]: MXCSR in its low 32 bits, the x87
 * control word in bits 32..47 (little-endian, checked below). The runtime does it at a
 * suspending sync (the resumer restores it). Not at each spawn, as cheetah does: stmxcsr +
 * fnstcw made a spawn 35% slower (fib); a thief takes the state of its victim's computation
 * instead (runtime/fpstate.h). */
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
 * Numbering (ABI 9): a child's number is the parent's `steals` at its detach, the steals
 * of the parent's continuation since its last sync. Read before the push, while the
 * parent is ours. Two children with equal numbers ran one after the other in serial
 * order: no steal came between their detaches, so the owner ran the first to its end
 * before its continuation detached the second, and the first recorded is the serially
 * first. A child with a higher number was detached after a steal that came after the
 * other's detach, so it is serially later. That is every case, with one load and no
 * test or store on the spawn path (the former counter, spawn_count, took a flag test
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

/* Sync: fast when the frame was not stolen since its last sync (one load and a branch). */
#define SPRIG_SYNC(sf)                                                                     \
  do {                                                                                     \
    if (SPRIG_UNLIKELY(sprig_frame_sync_is_slow(sf))) {                                    \
      if (sprig_frame_is_stolen(sf) && __builtin_setjmp((sf)->ctx) == 0)                   \
        __sprig_sync_suspend(sf);                                                          \
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
                     SPRIG_FRAME_ENTERED | SPRIG_FRAME_PC_IN_CTX | SPRIG_FRAME_CHECK_PC) ==
                        0x3Fu,
                    "sprig_frame.flags bits are distinct");
SPRIG_LAYOUT_ASSERT(SPRIG_CHILD_MAX == 0xFFFFFFFFu - 1u,
                    "child numbers never reach ~0u, the \"not detached\" marker");
SPRIG_LAYOUT_ASSERT(sizeof(SPRIG_ABI_MAGIC) == sizeof(uint32_t), "the magic is a uint32_t");

#if defined(__LP64__)
/* sprig_frame (88 bytes, docs/design.md section 2). flags first: the inline sync and
 * leave test it at offset 0. */
SPRIG_LAYOUT_ASSERT(offsetof(sprig_frame, flags) == 0, "flags at offset 0");
SPRIG_LAYOUT_ASSERT(offsetof(sprig_frame, steals) == 4, "steals at offset 4");
SPRIG_LAYOUT_ASSERT(offsetof(sprig_frame, ctx) == 8, "ctx at offset 8");
SPRIG_LAYOUT_ASSERT(offsetof(sprig_frame, join) == 48, "join at offset 48");
SPRIG_LAYOUT_ASSERT(offsetof(sprig_frame, orig_sp) == 56, "orig_sp at offset 56");
SPRIG_LAYOUT_ASSERT(offsetof(sprig_frame, orig_stack) == 64, "orig_stack at offset 64");
SPRIG_LAYOUT_ASSERT(offsetof(sprig_frame, exceptions) == 72, "exceptions at offset 72");
SPRIG_LAYOUT_ASSERT(offsetof(sprig_frame, reserved) == 80, "reserved at offset 80");
SPRIG_LAYOUT_ASSERT(sizeof(sprig_frame) == 88, "sprig_frame is 88 bytes");
SPRIG_LAYOUT_ASSERT(offsetof(sprig_frame, join) % 8 == 0,
                    "join is naturally aligned (atomic)");

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
SPRIG_LAYOUT_ASSERT(offsetof(sprig_worker_abi, spawns) + sizeof(uint64_t) <=
                        offsetof(sprig_worker_abi, bottom) + 64,
                    "the owner's fields share bottom's line");

#undef SPRIG_LAYOUT_ASSERT

#ifdef __cplusplus
} /* extern "C" */
#endif
#endif /* SPRIG_ABI_H */

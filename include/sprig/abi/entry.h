/*===- sprig/abi/entry.h - the runtime's entry points (the slow paths) -----===*
 *
 * Part of sprig/abi.h (include that, not this): every function and variable that
 * libsprig exports to lowered code, what each is for and when it is called. The inline
 * fast paths (sprig/abi/fastpath.h) call the slow paths below only when they must: a
 * thread's first detach, a stolen parent, a sync with work to do. The deque's own slow
 * paths (__sprig_push_slow, __sprig_pop_slow, __sprig_deque_overflow) and
 * __sprig_sleepers are declared with the deque, in sprig/deque.h.
 *===----------------------------------------------------------------------===*/
#ifndef SPRIG_ABI_ENTRY_H
#define SPRIG_ABI_ENTRY_H

#include <stddef.h>
#include <stdint.h>

#include "sprig/abi/frame.h"

#ifdef __cplusplus
extern "C" {
#endif

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
 * A loop whose iterations can throw or `break` keeps one sprig_pfor_state in its
 * caller's frame, shared by its chunks: the generated code sets min_k = ~0 and exc = 0
 * before the loop, and each chunk skips iteration k once k > min_k (an earlier iteration
 * threw or broke).
 * min_k: read relaxed by the chunks, written by __sprig_pfor_caught under a lock; a stale
 * read only runs an iteration the serial loop would not have (allowed, as in Cilk). */
typedef struct sprig_pfor_state {
  uint64_t min_k; /* the smallest iteration that threw or broke, ~0 while none did */
  void *exc;      /* its exception (a heap std::exception_ptr), or 0 (none, a break) */
} sprig_pfor_state;
/* The default grain of a loop of n iterations: min(2048, ceil(n / (8 P))), at least 1. */
size_t __sprig_pfor_grain(size_t n);
/* In an iteration's catch (...): keep the exception being handled if iteration k is the
 * first in iteration order to throw. */
void __sprig_pfor_caught(sprig_pfor_state *st, uint64_t k);
/* After the loop (every iteration done): rethrow the kept exception, if any. */
void __sprig_pfor_rethrow(sprig_pfor_state *st);
/* Iteration k ran a `break` of the body: if no earlier iteration threw or broke, it is
 * the loop's first event (min_k = k, and the kept exception, if any, is dropped). */
void __sprig_pfor_broke(sprig_pfor_state *st, uint64_t k);
/* The driver of a loop that can break (__sprig_pfor_dc_break): the strand's reducer map
 * at its start, and after each spawn of a lower half `__sprig_pfor_piece(st, start,
 * before)`: if the map changed across the spawn (the continuation was stolen), it marks
 * the thief's fresh map as the loop's piece of iterations from `start` on, whose views
 * are destroyed, not reduced, if an earlier iteration ends the loop (runtime/reducer.cpp,
 * view_map.cpp). Returns the strand's map. */
void *__sprig_pfor_views(void);
void *__sprig_pfor_piece(sprig_pfor_state *st, uint64_t start, void *before);

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
/* The same for a child spawned in a `[[sprig::scope]]` block: it subtracts 1 from the
 * scope's join counter too (first), and may resume the frame at the scope's exit. */
__attribute__((noreturn)) void
__sprig_child_done_scoped(struct sprig_worker *w, sprig_frame *parent, sprig_scope *scope);
/* Exit of a scope some of whose children ran in parallel with the continuation
 * (scope->stolen != 0), after SPRIG_SETJMP saved the resume point. Returns at once if
 * they all ended; otherwise the worker leaves the continuation's stack, and the frame
 * resumes at the setjmp, on that stack, once the last of them ended. Either way the
 * frame's EXCEPTION flag then says whether a child's exception waits (it may be one of
 * a child spawned before the scope: earlier in serial order). Children spawned before
 * the scope are not waited for. */
void __sprig_scope_suspend(sprig_frame *sf, sprig_scope *scope);
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
/* The same for a child spawned in a scope. */
void __sprig_leave_helper_exc_scoped(sprig_frame *parent, sprig_scope *scope);
/* sprig::cancel() in a spawning function (the plugin passes its frame, entered): the
 * children of sf spawned since its last sync, and those it spawns until its next one,
 * are cancelled (sprig_cancelled() is true in every strand under them). Sets
 * SPRIG_FRAME_CANCELLED; the sync's slow path then calls __sprig_cancel_end, after its
 * wait. Called by the frame's runner only. runtime/cancel.cpp, docs/cancel.md. */
void __sprig_cancel(sprig_frame *sf);
void __sprig_cancel_end(sprig_frame *sf);
/* Frames cancelled and not yet synced, process-wide: sprig_cancelled() answers false
 * after one relaxed load of it while it is 0 (sprig/cancel.h). */
extern int __sprig_cancels_active;
/* The walk behind sprig_cancelled() when a cancel is active: 1 if an ancestor frame of
 * the calling strand is cancelled. */
int __sprig_cancelled_walk(void);

/* The pedigree of the calling strand (sprig/rng.h, sprig::dprand), kept by the plugin in
 * translation units that include sprig/rng.h (plugin/early/Pedigree.cpp) and nowhere
 * else, so that a spawn of any other code costs what it did. Around a spawn:
 *   h = __sprig_ped_hash(); r = __sprig_ped_fork(); <spawn>; __sprig_ped_join(h, r);
 * around a parallel loop the same, and each iteration k first calls
 * __sprig_ped_iter(hl, k), hl being __sprig_ped_hash() just after the loop's fork.
 * runtime/pedigree.cpp; docs/design.md, "Pedigrees". */
typedef struct sprig_ped_state {
  uint64_t hash; /* the strand's name; bit 0 set: its position is unknown */
  uint64_t rank; /* what the strand has done so far that takes a place */
} sprig_ped_state;
/* The state of the strand the thread runs; the plugin moves it inline on x86-64 ELF
 * (the initial-exec sequence, read afresh at each move), else through the calls below. */
extern __thread sprig_ped_state __sprig_tls_ped;
uint64_t __sprig_ped_hash(void);
uint64_t __sprig_ped_fork(void);
void __sprig_ped_join(uint64_t h, uint64_t r);
void __sprig_ped_iter(uint64_t loop_hash, uint64_t k);
/* sprig::dprand() and sprig::dprand_seed(), with the plugin. */
uint64_t __sprig_dprand(void);
void __sprig_dprand_seed(uint64_t seed);

/* alloca and variable-length arrays in a spawning function come from a per-invocation
 * LIFO list of heap blocks headed by `*arena`, a local of that function (a stolen
 * continuation's stack is not the function's own): runtime/alloca.cpp. */
void *__sprig_alloca(void **arena, size_t size, size_t align);
/* Free the blocks allocated since `mark` (a former head; null: all of them). */
void __sprig_alloca_release(void **arena, void *mark);

#ifdef __cplusplus
} /* extern "C" */
#endif
#endif /* SPRIG_ABI_ENTRY_H */

/*===- sprig/abi.h - the contract between lowered code and the runtime -----===*
 *
 * Everything the Sprig plugin emits into a spawning function, and every hand-lowered
 * test in test/lit/handlowered, goes through this header and nothing else of the
 * runtime. It is an umbrella over one header per part of the contract:
 *   sprig/abi/frame.h     the ABI version, sprig_frame (flags, continuation words), the
 *                         magic, and the compile-time checks of every shared layout;
 *   sprig/abi/entry.h     the runtime's entry points (the slow paths, `__sprig_*`,
 *                         exported by libsprig: runtime/root.cpp, scheduler.cpp,
 *                         exception.cpp, ...);
 *   sprig/abi/fastpath.h  the inline fast paths, `static inline` so that a spawn that is
 *                         never stolen makes no call into libsprig;
 *   sprig/deque.h         the deque the fast paths push to and pop from, with its
 *                         protocol.
 * Include this one; the parts are not meant to be included on their own.
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
 * from the stack below ctx[SPRIG_CTX_SP] into ctx[SPRIG_CTX_PC] (sprig_stolen_resume_pc),
 * and its jump into ctx (rbp = FP, rsp = a fresh fiber, jump to PC) is the same jump as
 * into a setjmp's context. A sync suspends through __sprig_sync_capture the same way.
 * The two kinds of context mix freely: the runtime only ever jumps into ctx.
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
 * structure shared across the boundary. No frame carries it: that would be a store per
 * frame, and the load-time check covers every module before any of its frames exists.
 *
 * No frame records its worker: code may change threads mid-function, so the worker is
 * always read from the thread (sprig_self) at the moment it is needed.
 *===----------------------------------------------------------------------===*/
#ifndef SPRIG_ABI_H
#define SPRIG_ABI_H

/* The deque (its state, sprig_worker_abi; the owner's push and pop, used inline by the
 * fast paths; the thieves' steal) and the SPRIG_INLINE / SPRIG_UNLIKELY attributes. */
#include "sprig/deque.h"
/* The version, sprig_frame, the magic and the layout checks. */
#include "sprig/abi/frame.h"
/* The runtime's entry points. */
#include "sprig/abi/entry.h"
/* The inline fast paths. */
#include "sprig/abi/fastpath.h"

#endif /* SPRIG_ABI_H */

/*===- sprig/cancel.h - abandoning spawned work: sprig::cancel -------------===*
 *
 *   sprig::cancel();        in a function that spawns: cancel its children spawned since
 *                           its last sync, and those it spawns from here to its next sync
 *   sprig::cancelled()      true in a strand that descends from a cancelled child
 *
 * C: sprig_cancel() and sprig_cancelled() (an int).
 *
 * A spawned child starts at its spawn (Sprig is work-first: the parent calls it at once
 * and leaves its continuation to thieves), so cancelling cannot keep it from starting;
 * it is cooperative instead, as OpenMP's cancellation points and oneTBB's
 * is_current_task_group_canceling are: each child, grandchild, ... polls
 * sprig::cancelled() (in its loops, before it spawns) and returns early, leaving its
 * results as they are. The cancelling function's sync still waits for every child that
 * started, and rethrows the first exception in serial order as ever; the cancel ends at
 * that sync (what it spawns after it is not cancelled). sprig::cancelled() is false in
 * the cancelling function's own code: it asks about the strand's ancestors.
 *
 * Where: sprig::cancel() must be called directly in a function that contains
 * [[sprig::spawn]] (not in a lambda, a callee or a [[sprig::parallel_for]] body): it is
 * a compile error elsewhere, since only there does the function have children.
 *
 * Cost: sprig::cancelled() is one load and a branch while no cancel is active in the
 * process; otherwise it walks the strand's ancestors (one load per level of spawn
 * nesting). Spawns and syncs cost nothing more.
 *
 * The serial elision (any compiler without the plugin), sprig++ --race and --scale:
 * nothing is cancelled, cancelled() is always false, and every child runs to its end:
 * the program must be correct without the cancel (a first-solution search still finds
 * the first solution, later). docs/cancel.md has an example.
 *===----------------------------------------------------------------------===*/
#ifndef SPRIG_CANCEL_H
#define SPRIG_CANCEL_H

#ifdef __cplusplus
extern "C" {
#endif

#if defined(__SPRIG__)
/* The plugin finds calls of this name in a spawning function (plugin/Markers.h). */
void sprig_cancel(void) __asm__("__sprig_cancel_here");
/* Runtime (runtime/cancel.cpp; also in sprig/abi/entry.h). */
extern int __sprig_cancels_active;
int __sprig_cancelled_walk(void);
static inline int sprig_cancelled(void) {
  if (__builtin_expect(__atomic_load_n(&__sprig_cancels_active, __ATOMIC_RELAXED) == 0, 1))
    return 0;
  return __sprig_cancelled_walk();
}
#else
static inline void sprig_cancel(void) {}
static inline int sprig_cancelled(void) { return 0; }
#endif

#ifdef __cplusplus
} /* extern "C" */

namespace sprig {
#if defined(__SPRIG__)
void cancel() noexcept __asm__("__sprig_cancel_here");
#else
inline void cancel() noexcept {}
#endif
inline bool cancelled() noexcept { return sprig_cancelled() != 0; }
}  // namespace sprig
#endif

#endif /* SPRIG_CANCEL_H */

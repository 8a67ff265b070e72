//===- runtime/pedigree.h - a strand's pedigree, for sprig::dprand ---------===//
//
// sprig::dprand() (sprig/rng.h) draws a value that depends only on the seed and on the
// calling strand's *pedigree*: its position in the spawn tree. Every thread has the
// state of the strand it runs, {hash, rank} (PedState): `hash` names the strand (a hash
// of the ranks at which its ancestors forked it), `rank` counts what the strand has
// done so far that takes a place: draws and forks. The plugin keeps it in translation
// units that include sprig/rng.h (plugin/early/Pedigree.cpp): around each spawn
//   h = __sprig_ped_hash(); r = __sprig_ped_fork();   // the child: {mix(h, r), 0}
//   <spawned statement>
//   __sprig_ped_join(h, r);                            // the continuation: {h, r + 1}
// and around each parallel loop the same, with each iteration k at {mix(h_loop, k), 0}
// (__sprig_ped_iter). Nothing else of the program touches it: a call adds no level.
//
// The runtime's part is to carry the state with the strand when the strand changes
// thread, which only its slow paths do:
//   * a strand that suspends (a sync, a scope's exit) or a root frame handed back to its
//     thread: the leaving worker saves the state in the frame (sprig_frame.ped,
//     ped_save) before the release that lets the resumer go on; the resumer restores it
//     (ped_restore) after its acquire;
//   * a stolen continuation: its state is unknown to the runtime (the spawn path stores
//     nothing); the plugin's join sets it at once. The thief poisons it first
//     (ped_poison), so that a continuation of a spawning function built without the
//     pedigree draws nothing silently wrong: it aborts at its first draw.
// docs/rng.md is the user's page; docs/design.md, "Pedigrees", the argument.
//===----------------------------------------------------------------------===//
#pragma once
#include "sprig/abi.h"

namespace sprig {

// Before the release that publishes a suspending strand (or a root frame handed over):
// the calling thread's state into the frame.
void ped_save(sprig_frame *f);
// After the acquire, on the resuming thread: the state saved by ped_save.
void ped_restore(const sprig_frame *f);
// A child's exception becomes the one its parent keeps (exception.cpp, under its lock):
// the child's state now, in the parent frame's ped_exc; the rethrow at the parent's sync
// sets it on the thread that rethrows, so the catching strand goes on from where the
// serial program's would (there the exception leaves the spawned call at once).
void ped_record_exception(sprig_frame *parent);
void ped_restore_exception(const sprig_frame *f);
// A thief, before it jumps into a stolen continuation.
void ped_poison();
// A root frame binds its thread: the thread's state now, kept by its slot.
sprig_ped_state ped_current();
// A root frame leaves: if its last strand's position is unknown (it is built without the
// pedigree), the thread goes on from `entry`, the state it had when the root bound.
void ped_leave_root(const sprig_ped_state &entry);

}  // namespace sprig
